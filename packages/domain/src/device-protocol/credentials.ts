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
