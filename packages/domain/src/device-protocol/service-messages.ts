import { z } from 'zod'
import { msg, msgList } from '../i18n/message'
import { translateMessage } from '../i18n/messages'
import {
  type ServiceSettingName,
  type ServiceSettings,
  serviceSettingEntries,
} from '../service-settings/catalogue'
import { serviceSettingsSchema } from '../service-settings/schemas'
import { DEVICE_LINK } from './link-limits'

/**
 * The `service` object of settings/desired and the `applied_service` of settings/ack: every service parameter
 * as a number. Ranges are not checked here, so a controller reads an out-of-range request and refuses it with a
 * reason (serviceRefusalReason). Both members are optional: a controller that does not know them ignores
 * `service` and answers without `applied_service` (ADR 025).
 */
export const serviceShapeSchema = z.object(
  Object.fromEntries(serviceSettingEntries().map(([name]) => [name, z.number().finite()])) as Record<
    ServiceSettingName,
    z.ZodNumber
  >,
) as unknown as z.ZodType<ServiceSettings>

/** Why a controller refuses a service set on its ranges alone, as 'service.<field>: <message>; …'; null when none. */
export function serviceRefusalReason(service: ServiceSettings): string | null {
  const result = serviceSettingsSchema.safeParse(service)
  if (result.success) return null
  const reason = result.error.issues
    .map((issue) => `service.${issue.path.join('.')}: ${translateMessage(issue.message, 'uk')}`)
    .join('; ')
  return reason.slice(0, DEVICE_LINK.maxReasonLength)
}

export type ServiceDifference = { name: ServiceSettingName; desired: number; applied: number | undefined }

/** The service parameters whose applied value is not the desired one (a missing one counts), in catalogue order. */
export function serviceDifferences(
  desired: ServiceSettings,
  applied: Partial<Record<string, unknown>>,
): ServiceDifference[] {
  return serviceSettingEntries()
    .filter(([name]) => applied[name] !== desired[name])
    .map(([name]) => ({
      name,
      desired: desired[name],
      applied: typeof applied[name] === 'number' ? applied[name] : undefined,
    }))
}

/** Reason parts for service parameters applied otherwise than asked: «service.fan_speed_30: застосовано 50 замість 60». */
export function serviceDifferencesReason(differences: ServiceDifference[]): string | null {
  return msgList(
    differences.map(({ name, desired, applied }) =>
      msg('sync.serviceAppliedInstead', {
        name,
        applied: applied === undefined ? '—' : String(applied),
        desired: String(desired),
      }),
    ),
    DEVICE_LINK.maxReasonLength,
  )
}

/** The reason when a controller answered a desired set with `service` without saying what it did with it. */
export const SERVICE_NOT_CONFIRMED = msg('sync.serviceNotConfirmed')
