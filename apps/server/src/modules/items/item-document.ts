import type { items } from '../../db/schema.ts'
import { formatDate, type ResourceObject, resource } from '../../lib/jsonapi.ts'

export type ItemRow = typeof items.$inferSelect

// Wire attributes of spec §3; the device secret hash and the verification counters never leave the server.
export function itemAttributes(item: ItemRow, options: { showCode: boolean }) {
  return {
    name: item.name,
    owner: item.owner,
    serial_number: item.serialNumber,
    description: item.description,
    excerpt: item.excerpt,
    status: item.status,
    is_on_homepage: item.isOnHomepage,
    // The owner's on/off wish; differs from status while the device is unreachable or has not applied it.
    power_set: item.powerSet,
    // The pairing code is only meaningful (and only shown) until the controller has proved it.
    verification_token: item.status === 'pending' && options.showCode ? item.verificationToken : null,
    sync_status: item.syncStatus,
    sync_reason: item.syncError,
    burner_mod: item.burnerMod,
    heater_temp: item.heaterTemp,
    heater_temp_set: item.heaterTempSet,
    heater_hysteresis: item.heaterHysteresis,
    boiler_temp: item.boilerTemp,
    boiler_temp_set: item.boilerTempSet,
    boiler_hysteresis: item.boilerHysteresis,
    gas_temp: item.gasTemp,
    gas_temp_min: item.gasTempMin,
    gas_temp_max: item.gasTempMax,
    burner_power: item.burnerPower,
    burner_power_set: item.burnerPowerSet,
    flame_brightness: item.flameBrightness,
    pump_mode: item.pumpMode,
    work_mode: item.workMode,
    image: item.image,
    created_at: formatDate(item.createdAt),
    updated_at: formatDate(item.updatedAt),
    last_seen_at: formatDate(item.lastSeenAt),
  }
}

export function itemResource(item: ItemRow, options: { showCode: boolean }): ResourceObject {
  return resource('items', item.id, itemAttributes(item, options), {
    category: { data: { type: 'categories', id: String(item.categoryId) } },
  })
}
