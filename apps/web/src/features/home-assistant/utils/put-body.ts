import {
  HOME_ASSISTANT_DEFAULT_PREFIX,
  type HomeAssistantPutInput,
  type HomeAssistantResource,
} from '@teplo/domain'

/** What the form holds: texts as typed, and the chosen boilers (none: all of them). */
export interface HomeAssistantFormValues {
  brokerUrl: string
  username: string
  password: string
  /** Drop the stored password (only offered when one is stored). */
  removePassword: boolean
  discoveryPrefix: string
  itemIds: number[]
}

type Stored = HomeAssistantResource['attributes'] | null | undefined

export function initialValues(stored: Stored): HomeAssistantFormValues {
  return {
    brokerUrl: stored?.broker_url ?? '',
    username: stored?.username ?? '',
    password: '',
    removePassword: false,
    discoveryPrefix: stored?.discovery_prefix ?? HOME_ASSISTANT_DEFAULT_PREFIX,
    itemIds: stored?.item_ids ?? [],
  }
}

const brokerOf = (values: HomeAssistantFormValues) => values.brokerUrl.trim().replace(/\/$/, '')
const usernameOf = (values: HomeAssistantFormValues) => values.username.trim() || null

/**
 * Whether the server would keep the stored password if none is typed: only while the broker and the user name stay
 * the same (it compares them as it stores them, without a trailing slash).
 */
export function keepsStoredPassword(stored: Stored, values: HomeAssistantFormValues): boolean {
  return Boolean(
    stored?.has_password && brokerOf(values) === stored.broker_url && usernameOf(values) === stored.username,
  )
}

/**
 * The PUT body: an empty password field is left out (the stored one stays, where the server keeps it), «remove»
 * sends null; an empty prefix is the default one; no chosen boiler means all of them (null).
 */
export function putBody(values: HomeAssistantFormValues): HomeAssistantPutInput {
  const password = values.removePassword ? null : values.password || undefined
  return {
    broker_url: values.brokerUrl.trim(),
    username: usernameOf(values),
    ...(password !== undefined ? { password } : {}),
    discovery_prefix: values.discoveryPrefix.trim() || HOME_ASSISTANT_DEFAULT_PREFIX,
    item_ids: values.itemIds.length > 0 ? values.itemIds : null,
  }
}
