import type { Worker } from 'node:worker_threads'
import type { HistoryScenario } from '@teplo/simulator'
import { startSourceThread } from '../../lib/source-thread.ts'
import type { HistoryDay, HistoryThreadReply, HistoryThreadRequest } from './demo-history-messages.ts'

/**
 * The demo boilers' past, computed in a thread of its own (demo-history-thread.ts) and handed over a day at a
 * time; the next day is computed while the caller stores the one before. One request at a time: the thread
 * answers in order.
 */
export class DemoHistorySource {
  private waiting: { resolve: (reply: HistoryThreadReply) => void; reject: (err: Error) => void } | null =
    null
  private ended: Error | null = null

  private constructor(private readonly thread: Worker) {
    thread.on('message', (reply: HistoryThreadReply) => this.settle()?.resolve(reply))
    thread.on('error', (err) => this.stop(err))
    thread.on('exit', (code) => this.stop(new Error(`the demo history thread ended (exit code ${code})`)))
  }

  static start(): DemoHistorySource {
    return new DemoHistorySource(startSourceThread(new URL('./demo-history-thread.ts', import.meta.url)))
  }

  /** A boiler's days, oldest first. */
  async *days(scenario: HistoryScenario): AsyncGenerator<HistoryDay> {
    const { from, to, ...rest } = scenario
    let next = this.ask({ type: 'begin', scenario: { ...rest, from: from.getTime(), to: to.getTime() } })
    try {
      for (;;) {
        const reply = await next
        if (reply.type === 'end') return
        if (reply.type === 'failed')
          throw new Error(`the demo history could not be computed: ${reply.message}`)
        next = this.ask({ type: 'next' })
        yield reply.day
      }
    } finally {
      // A caller that stops early leaves a day on its way: it is awaited, so the next boiler's answers stay in step.
      await next.catch(() => {})
    }
  }

  async close(): Promise<void> {
    this.ended ??= new Error('the demo history thread was closed')
    await this.thread.terminate()
  }

  private ask(request: HistoryThreadRequest): Promise<HistoryThreadReply> {
    if (this.ended) return Promise.reject(this.ended)
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject }
      this.thread.postMessage(request)
    })
  }

  private settle() {
    const waiting = this.waiting
    this.waiting = null
    return waiting
  }

  private stop(err: Error): void {
    this.ended ??= err
    this.settle()?.reject(this.ended)
  }
}
