import v8 from 'node:v8'
import vm from 'node:vm'

let collect: (() => void) | null = null

/**
 * A full garbage collection, once a start-up step has dropped a lot: the embedded database's initdb leaves its
 * own WebAssembly instance behind (about 350 MB), and an idle server gives V8 no reason to collect it, so it
 * stayed resident for good (ADR 021). Costs two pauses of some tens of milliseconds at start-up.
 */
export function releaseMemory(): void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc')
    collect = vm.runInNewContext('gc') as () => void
  }
  collect()
  // WebAssembly memories are let go by finalisers that run after the first collection; the second frees them.
  setTimeout(() => collect?.(), 1000).unref()
}
