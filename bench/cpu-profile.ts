// Summary of a V8 CPU profile (node --cpu-prof, e.g. from `npm run bench:api -- --profile <dir>`): where the
// server's time went, by package or file and by function, self time. Usage: tsx bench/cpu-profile.ts <file>
import { readFileSync } from 'node:fs'

type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const file = process.argv[2]
if (!file) {
  process.stderr.write('usage: tsx bench/cpu-profile.ts <file.cpuprofile> [top]\n')
  process.exit(1)
}
const top = Number(process.argv[3] ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const selfUs = new Map<number, number>()
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
})

// A package (node_modules/<name>), our own workspace file, node's internals, or V8's pseudo frames.
function place(url: string, name: string): string {
  if (!url) return `(${name || 'native'})`
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  if (url.startsWith('node:')) return url
  const own = /\/(apps|packages)\/(.+)$/.exec(url)
  return own ? `${own[1]}/${own[2]}` : url
}

const total = profile.endTime - profile.startTime
const byPlace = new Map<string, number>()
const byFunction = new Map<string, number>()
for (const [id, us] of selfUs) {
  const node = byId.get(id)!
  const where = place(node.callFrame.url, node.callFrame.functionName)
  byPlace.set(where, (byPlace.get(where) ?? 0) + us)
  const fn = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us)
}
const idle = byPlace.get('((idle))') ?? 0
const print = (title: string, map: Map<string, number>) => {
  process.stdout.write(`\n${title}\n`)
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(
      `  ${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / (total - idle)).toFixed(1).padStart(5)} %  ${name}\n`,
    )
  }
}
process.stdout.write(
  `profile ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s, busy ${((total - idle) / 1e6).toFixed(1)} s (percentages of busy)\n`,
)
print('self time by package or file', byPlace)
print('self time by function', byFunction)
