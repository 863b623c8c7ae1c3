import type { ItemStatus } from './item-status'
import type { Resource } from './json-api'
import type { SyncStatus } from './sync-status'

/** Wire attributes (spec §3); dates are 'YYYY-MM-DD HH:mm:ss'. */
interface Timestamps {
  created_at: string
  updated_at: string
}

export interface RoleAttributes extends Timestamps {
  name: string
}

export interface TagAttributes extends Timestamps {
  name: string
  color: string
}

export interface CategoryAttributes extends Timestamps {
  name: string
  description: string | null
}

export interface UserAttributes extends Timestamps {
  name: string
  email: string
  profile_image: string | null
}

export interface ProfileAttributes extends Timestamps {
  name: string
  email: string
  profile_image: string | null
}

/** Live values are null until the controller has reported them. */
export interface ItemAttributes extends Timestamps {
  name: string
  owner: string
  serial_number: string
  description: string | null
  excerpt: string | null
  status: ItemStatus
  is_on_homepage: boolean
  /** The owner's on/off wish; it differs from status while the device is off line or has not applied it. */
  power_set: 'on' | 'off'
  /** Present only while the device awaits confirmation, and only to its owner. */
  verification_token?: string | null
  sync_status: SyncStatus
  /** Why the controller refused the last settings, when sync_status is 'refused'. */
  sync_reason?: string | null
  burner_mod: boolean
  heater_temp: number | null
  heater_temp_set: number | null
  heater_hysteresis: number | null
  boiler_temp: number | null
  boiler_temp_set: number | null
  boiler_hysteresis: number | null
  gas_temp: number | null
  gas_temp_min: number | null
  gas_temp_max: number | null
  burner_power: number | null
  burner_power_set: number | null
  flame_brightness: number | null
  pump_mode: number | null
  work_mode: number | null
  image: string | null
  /** When the controller last reported; null until it has connected once. */
  last_seen_at: string | null
}

/** Field names under device follow the controller's own (kotla: heater, boilera: water tank, palnika: burner). */
export interface ItemErrorAttributes {
  error_code: string
  error_time: string
  mode_status: number | null
  device: {
    name: string
    temperatures: { kotla: number | null; boilera: number | null; gas: number | null }
    power: { palnika: number | null }
  }
}

export interface HelpRequestAttributes {
  name: string
  problem: string
}

export type RoleResource = Resource<RoleAttributes, 'roles'>
export type TagResource = Resource<TagAttributes, 'tags'>
export type CategoryResource = Resource<CategoryAttributes, 'categories'>
export type UserResource = Resource<UserAttributes, 'users'>
export type ProfileResource = Resource<ProfileAttributes, 'profile'>
export type ItemResource = Resource<ItemAttributes, 'items'>
export type ItemErrorResource = Resource<ItemErrorAttributes, 'item-errors'>
