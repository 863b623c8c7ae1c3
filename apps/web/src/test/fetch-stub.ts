import { vi } from 'vitest'

export interface StubbedCall {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | Error

/** Replaces global fetch; `reply` answers by method and path (e.g. 'POST /api/v2/login'). */
export function stubFetch(reply: (call: StubbedCall) => Reply) {
  const calls: StubbedCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    const call: StubbedCall = {
      url,
      method: init.method ?? 'GET',
      // Lower-cased as in the Fetch standard; happy-dom keeps the original case.
      headers: Object.fromEntries(
        [...new Headers(init.headers)].map(([name, value]) => [name.toLowerCase(), value]),
      ),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    calls.push(call)
    const answer = reply(call)
    if (answer instanceof Error) throw answer
    const text = answer.body === undefined ? null : JSON.stringify(answer.body)
    return new Response(text, {
      status: answer.status,
      headers: { 'Content-Type': 'application/vnd.api+json', ...answer.headers },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}
