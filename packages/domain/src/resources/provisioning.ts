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

/** POST /items/verify-token: the device-link credentials, answered once. */
export const deviceCredentialsDocumentSchema = z.object({
  data: z.object({
    type: z.literal('device-credentials'),
    id: z.string(),
    attributes: z.object({ username: z.string(), password: z.string(), topic_prefix: z.string() }),
  }),
})

export type VerificationStatus = z.infer<typeof verificationStatusSchema>['meta']['status']
export type DeviceCredentialsDocument = z.infer<typeof deviceCredentialsDocumentSchema>
