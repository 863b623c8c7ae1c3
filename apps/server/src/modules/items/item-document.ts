import {
  type ItemAccess,
  type ItemAttributes,
  type ItemResource,
  identityConflictActive,
  type Language,
  type SettingsValues,
  settingEntries,
  unsupportedSettings,
} from '@teplo/domain'
import { formatDate, typedResource } from '../../lib/jsonapi.ts'
import { storedMessage } from '../../lib/stored-message.ts'
import { activePeriodOf } from '../schedule/schedule-document.ts'
import type { items } from './items.tables.ts'

export type ItemRow = typeof items.$inferSelect

/** The owner's desired settings as stored, under their wire names (the registry names each column). */
export function storedSettings(item: ItemRow): SettingsValues {
  return Object.fromEntries(
    settingEntries().map(([name, setting]) => [name, item[setting.column as keyof ItemRow]]),
  ) as SettingsValues
}

// Only the registry's settings (and power) of a stored report, whatever else the controller sent.
function reportedSettings(stored: Record<string, unknown> | null): ItemAttributes['reported_settings'] {
  if (!stored) return null
  const names = ['power', ...settingEntries().map(([name]) => name)]
  return Object.fromEntries(names.filter((name) => name in stored).map((name) => [name, stored[name]]))
}

// Wire attributes of spec §3; the device secret hash and the verification counters never leave the server.
export type ItemViewOptions = { showCode: boolean; access: ItemAccess; language?: Language }

export function itemAttributes(item: ItemRow, options: ItemViewOptions): ItemAttributes {
  return {
    name: item.name,
    owner: item.owner,
    serial_number: item.serialNumber,
    description: item.description,
    excerpt: item.excerpt,
    status: item.status as ItemAttributes['status'],
    is_on_homepage: item.isOnHomepage,
    simulated: item.simulated,
    // The owner's on/off wish; differs from status while the device is unreachable or has not applied it.
    power_set: item.powerSet as ItemAttributes['power_set'],
    // The pairing code is only meaningful (and only shown) until the controller has proved it.
    // (also while a verified device awaits a new code: re-pairing).
    verification_token: item.status !== 'archive' && options.showCode ? item.verificationToken : null,
    sync_status: item.syncStatus as ItemAttributes['sync_status'],
    sync_reason: storedMessage(item.syncError, options.language),
    settings_version: item.settingsVersion,
    applied_version: item.appliedVersion,
    ...storedSettings(item),
    reported_settings: reportedSettings(item.reportedSettings),
    unsupported_settings: unsupportedSettings(item.reportedSettings),
    reported_at: formatDate(item.reportedAt),
    device_link: options.showCode
      ? {
          dropped_messages: item.dropCount,
          last_drop_reason: item.lastDropReason,
          last_drop_at: formatDate(item.lastDropAt),
          clock_corrected_at: formatDate(item.clockCorrectedAt),
          identity_conflict:
            item.identityTakeoverAt &&
            identityConflictActive(item.identityTakeovers, item.identityTakeoverAt, new Date())
              ? {
                  takeovers: item.identityTakeovers,
                  last_takeover_at: formatDate(item.identityTakeoverAt) as string,
                }
              : null,
        }
      : null,
    firmware_version: item.firmwareVersion,
    heater_temp: item.heaterTemp,
    boiler_temp: item.boilerTemp,
    gas_temp: item.gasTemp,
    burner_power: item.burnerPower,
    flame_brightness: item.flameBrightness,
    work_mode: item.workMode,
    schedule_period: activePeriodOf(item),
    image: item.image,
    created_at: formatDate(item.createdAt),
    updated_at: formatDate(item.updatedAt),
    last_seen_at: formatDate(item.lastSeenAt),
    access: options.access,
  }
}

export function itemResource(item: ItemRow, options: ItemViewOptions): ItemResource {
  return typedResource('items', item.id, itemAttributes(item, options), {
    category: { data: { type: 'categories' as const, id: String(item.categoryId) } },
    user: { data: { type: 'users' as const, id: String(item.userId) } },
  })
}
