import { z } from 'zod'
import { brokerLocationSchema } from '../resources/provisioning'
import { deviceTopicPrefix } from './topics'

/** attributes of the 'device-credentials' document answered by POST /api/v2/items/verify-token. */
export const deviceCredentialsSchema = z
  .object({
    username: z.string().min(1),
    password: z.string().min(1),
    topic_prefix: z.string().min(1),
    /** Where the broker is; older servers did not say (optional for clients reading an old answer). */
    broker: brokerLocationSchema.optional(),
  })
  .refine((c) => c.topic_prefix === deviceTopicPrefix(c.username), {
    error: 'topic_prefix must be teplo/v1/devices/<username>',
    path: ['topic_prefix'],
  })

export type DeviceCredentials = z.infer<typeof deviceCredentialsSchema>

/** Body the broker's HTTP auth backend posts to POST /api/v2/device-auth/user (mosquitto-go-auth, JSON mode). */
export const deviceAuthUserRequestSchema = z.object({
  username: z.string(),
  password: z.string(),
  clientid: z.string().optional(),
})

/** mosquitto-go-auth `acc`: 1 read (receive), 2 write (publish), 3 read+write, 4 subscribe. */
export const MQTT_ACCESS = { read: 1, write: 2, readWrite: 3, subscribe: 4 } as const

/** Body posted to POST /api/v2/device-auth/acl. */
export const deviceAuthAclRequestSchema = z.object({
  username: z.string(),
  clientid: z.string().optional(),
  topic: z.string(),
  acc: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
})

export type DeviceAuthUserRequest = z.infer<typeof deviceAuthUserRequestSchema>
export type DeviceAuthAclRequest = z.infer<typeof deviceAuthAclRequestSchema>

/** The auth hook's answer: 200 allows, 403 denies (also mosquitto-go-auth's "json" response mode). */
export const deviceAuthAllowedSchema = z.object({ ok: z.literal(true) })
export const deviceAuthDeniedSchema = z.object({ ok: z.literal(false), error: z.string() })

/** The superuser check names only the account; the broker may send more members. */
export const deviceAuthSuperuserRequestSchema = z.object({ username: z.string() }).loose()
