import net from 'node:net'

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** A free port in 3400-3499, the range this machine leaves to such runs; `taken` avoids handing one out twice. */
export async function freePortInRange(taken: Set<number>): Promise<number> {
  for (let port = 3400; port < 3500; port++) {
    if (!taken.has(port) && (await portIsFree(port))) {
      taken.add(port)
      return port
    }
  }
  throw new Error('no free port in 3400-3499')
}
