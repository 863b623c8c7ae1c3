import { LIMITS } from '@teplo/domain'
import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { retryImport } from '../../lib/retry-import'
import { type ToastApi, ToastContext } from './toast-context'
import type { Toast } from './toast-view'

let toastView: Promise<typeof import('./toast-view')> | undefined

/**
 * Fetches the notice's code ahead of need. Every screen that can show a notice loads it with its own chunk,
 * so a notice still shows when the server (and with it every chunk) has become unreachable; the first visit
 * to /login stays light.
 */
export function preloadToastView() {
  toastView ??= retryImport(() => import('./toast-view')).catch((error: unknown) => {
    toastView = undefined
    throw error
  })
  return toastView
}

const ToastView = lazy(async () => ({ default: (await preloadToastView()).ToastView }))

/** If the notice's code could not be fetched at all, the message still shows, plainly. */
interface PlainToastFallbackProps {
  toast: Toast
  open: boolean
  onClose: () => void
  children: ReactNode
}

class PlainToastFallback extends Component<PlainToastFallbackProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch() {
    setTimeout(this.props.onClose, LIMITS.toastTimeoutMs)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    const { toast, open } = this.props
    if (!open) return null
    return (
      <div
        role="alert"
        style={{
          position: 'fixed',
          top: 16,
          right: 16,
          zIndex: 1400,
          maxWidth: 'calc(100vw - 32px)',
          width: 300,
          padding: '12px 16px',
          borderRadius: 8,
          color: '#fff',
          background: toast.severity === 'success' ? '#166534' : '#b91c1c',
        }}
      >
        {toast.message}
      </div>
    )
  }
}

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
        <PlainToastFallback key={toast.id} toast={toast} open={open} onClose={() => setOpen(false)}>
          <Suspense fallback={null}>
            <ToastView toast={toast} open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </PlainToastFallback>
      )}
    </ToastContext>
  )
}
