import { z } from 'zod'

/**
 * POST /items/verify: does this serial await a code ('pending')? Unknown, verified and archived serials all
 * answer 'unavailable', so the call reveals nothing about serials to someone who does not hold one.
 */
export const verificationStatusSchema = z.object({
  meta: z.object({
    serial_number: z.string(),
    status: z.enum(['pending', 'unavailable']),
  }),
})

/** Where the controller connects: from MQTT_PUBLIC_URL, else the embedded broker on the host it called. */
export const brokerLocationSchema = z.object({
  /** mqtt://host:port or mqtts://host:port (TLS). */
  url: z.string(),
  host: z.string(),
  port: z.number().int().min(1).max(65535),
  tls: z.boolean(),
})

export type BrokerLocation = z.infer<typeof brokerLocationSchema>

/**
 * POST /items/verify-token: the device-link credentials. Each proof of a code issues a fresh secret (the
 * previous one stops working); a lost answer can be fetched again with the same code for 10 minutes.
 */
export const deviceCredentialsDocumentSchema = z.object({
  data: z.object({
    type: z.literal('device-credentials'),
    id: z.string(),
    attributes: z.object({
      username: z.string(),
      password: z.string(),
      topic_prefix: z.string(),
      broker: brokerLocationSchema,
    }),
  }),
})

/** POST /items/batch: every registered controller's credentials, in the order of the serials sent. */
export const deviceCredentialsListDocumentSchema = z.object({
  data: z.array(deviceCredentialsDocumentSchema.shape.data),
  meta: z.object({ count: z.number().int() }),
})

export type DeviceCredentialsListDocument = z.infer<typeof deviceCredentialsListDocumentSchema>
export type VerificationStatus = z.infer<typeof verificationStatusSchema>['meta']['status']
export type DeviceCredentialsDocument = z.infer<typeof deviceCredentialsDocumentSchema>
