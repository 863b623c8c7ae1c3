import {
  DEVICE_LINK,
  msgList,
  SERVICE_NOT_CONFIRMED,
  type ServiceSettings,
  type SettingsAckMessage,
  serviceDifferences,
  serviceDifferencesReason,
} from '@teplo/domain'
import type { ItemRow } from '../items/item-document.ts'
import { desiredServiceOf } from '../service-settings/service-settings.service.ts'

// The service parameters' part of the settings round trip (ADR 025), beside the dashboard's settings.

/** The `service` member of settings/desired: only once someone has set them, so older controllers see no change. */
export function desiredServiceMember(item: ItemRow): { service?: ServiceSettings } {
  return item.serviceSettings === null ? {} : { service: desiredServiceOf(item) }
}

/** What an ack reports of the service parameters, for the item's row (nothing when it says nothing of them). */
export function reportedServiceOf(ack: SettingsAckMessage): {
  reportedServiceSettings?: Record<string, unknown>
} {
  return ack.applied_service ? { reportedServiceSettings: ack.applied_service } : {}
}

/**
 * Why an `applied` ack does not confirm the service parameters asked for: some applied otherwise, or none reported
 * by a controller that was sent them. Null when they are in effect or none were asked for.
 */
export function serviceAckProblem(item: ItemRow, ack: SettingsAckMessage): string | null {
  if (item.serviceSettings === null) return null
  if (!ack.applied_service) return SERVICE_NOT_CONFIRMED
  const differences = serviceDifferences(desiredServiceOf(item), ack.applied_service)
  return differences.length === 0 ? null : serviceDifferencesReason(differences)
}

/** Reasons of the parts (settings, service, schedule) as one stored message, cut to what the server keeps. */
export function joinedReason(...parts: (string | null)[]): string | null {
  return msgList(parts, DEVICE_LINK.maxReasonLength)
}
