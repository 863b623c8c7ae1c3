import { accessAllows, accessLabel, type ItemAbility } from '@teplo/domain'
import { currentLanguage } from '../i18n'
import type { Device } from './item-document'

/**
 * Whether the signed-in account may do `ability` to the device: the server's own rule (@teplo/domain), so a
 * screen offers only what will be accepted. The role matters only for the registering roles' abilities.
 */
export function deviceAllows(device: Pick<Device, 'access'>, ability: ItemAbility, role = 'user'): boolean {
  return accessAllows(role, device.access, ability)
}

/** The caller's level on the device, as the screens name it («Перегляд»). */
export function deviceAccessLabel(device: Pick<Device, 'access'>): string {
  return accessLabel(device.access, currentLanguage())
}
