import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { type ToastApi, ToastContext } from './toast-context'
import type { Toast } from './toast-view'

// The notice's code loads with the first notice, not with the first screen.
const ToastView = lazy(async () => ({ default: (await import('./toast-view')).ToastView }))

let nextId = 1

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null)
  const [open, setOpen] = useState(false)

  const api = useMemo<ToastApi>(() => {
    const show = (message: string, severity: Toast['severity']) => {
      // A new notice replaces the current one rather than queueing behind it.
      setToast({ id: nextId++, message, severity })
      setOpen(true)
    }
    return { success: (message) => show(message, 'success'), error: (message) => show(message, 'error') }
  }, [])

  return (
    <ToastContext value={api}>
      {children}
      {toast && (
        <Suspense fallback={null}>
          <ToastView toast={toast} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </ToastContext>
  )
}
