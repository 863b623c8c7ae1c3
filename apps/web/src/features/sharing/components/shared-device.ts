import type { ItemAccess } from '@teplo/domain'

/** The device whose access the sharing sections show, with the caller's own access to it. */
export interface SharedDevice {
  id: string
  name: string
  access: ItemAccess
}
