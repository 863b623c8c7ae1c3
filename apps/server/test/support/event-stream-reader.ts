/**
 * Reads a fetch response's Server-Sent Events until the stream ends or is aborted, handing each `event:`/`data:`
 * block to `onEvent` as it arrives.
 */
export async function readEvents(
  res: Response,
  onEvent: (event: { event: string; data: string }) => void,
): Promise<void> {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event = /^event: (.*)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (event && data !== undefined) onEvent({ event, data })
        end = buffer.indexOf('\n\n')
      }
    }
  } catch {
    // Aborted by the test.
  }
}
