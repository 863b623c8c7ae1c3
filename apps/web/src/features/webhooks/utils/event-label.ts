import { isWebhookEvent, WEBHOOK_TEST_EVENT } from '@teplo/domain'
import type { TFunction } from 'i18next'

/** An event's name in words (the keys write its dot as `_`: i18next reads dots as nesting); unknown ones as sent. */
export function eventLabel(t: TFunction, type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return t('webhooks.event.webhook_test')
  if (!isWebhookEvent(type)) return type
  const key = type.replace('.', '_') as 'alarm_raised'
  return t(`webhooks.event.${key}`)
}
