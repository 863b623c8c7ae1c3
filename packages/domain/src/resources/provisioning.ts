import { z } from 'zod'

/** POST /items/verify: may a controller pair, and until when is it locked out after wrong codes. */
export const verificationStatusSchema = z.object({
  meta: z.object({
    serial_number: z.string(),
    status: z.enum(['pending', 'verified', 'archived']),
    locked_until: z.iso.datetime().optional(),
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
