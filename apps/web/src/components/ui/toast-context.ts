import { createContext, useContext } from 'react'

export interface ToastApi {
  success: (message: string) => void
  error: (message: string) => void
  /** Neither success nor failure: nothing changed, or a change that waits for the device. */
  info: (message: string) => void
}

export const ToastContext = createContext<ToastApi | null>(null)

/** Short green/red notices (spec §8, §9: 2 s, width 300). */
export function useToast(): ToastApi {
  const toast = useContext(ToastContext)
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>')
  return toast
}
