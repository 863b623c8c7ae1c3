import { z } from 'zod'
import { msg } from '../i18n/message'
import { numberInRange } from '../schemas/fields'
import {
  type ServiceSettingDefinition,
  type ServiceSettingName,
  type ServiceSettings,
  serviceSettingEntries,
} from './catalogue'

/** One service parameter's rule: its range, whole numbers or its step. */
export function serviceSettingValueSchema(setting: ServiceSettingDefinition): z.ZodType<number> {
  const range = numberInRange(setting.min, setting.max, { integer: setting.step === 1 })
  if (setting.step === 1) return range
  return range.multipleOf(setting.step, {
    error: msg('validation.field.multipleOf', { step: setting.step }),
  })
}

const valueShape = () =>
  Object.fromEntries(
    serviceSettingEntries().map(([name, setting]) => [name, serviceSettingValueSchema(setting)]),
  ) as Record<ServiceSettingName, z.ZodType<number>>

/** A full set within the catalogue's ranges (what a controller accepts, as far as ranges go). */
export const serviceSettingsSchema: z.ZodType<ServiceSettings> = z.object(valueShape())

export const SERVICE_PATCH_EMPTY = msg('validation.service.changeOne')

/** PATCH /items/{id}/service-settings: any of the parameters; what is not sent stays. */
export const serviceSettingsPatchSchema = z
  .strictObject(valueShape())
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: SERVICE_PATCH_EMPTY })

export type ServiceSettingsPatch = Partial<ServiceSettings>
