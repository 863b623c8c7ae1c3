import type { z } from 'zod'
import type {
  helpRequestResourceSchema,
  registerResponseSchema,
  tokenResponseSchema,
} from './resources/account'
import type {
  categoryResourceSchema,
  profileResourceSchema,
  roleResourceSchema,
  tagResourceSchema,
  userResourceSchema,
} from './resources/catalogue'
import type { itemAttributesSchema, itemErrorResourceSchema, itemResourceSchema } from './resources/items'

// The wire types, inferred from the resource schemas the server answers with (resources/).

export type RoleResource = z.infer<typeof roleResourceSchema>
export type TagResource = z.infer<typeof tagResourceSchema>
export type CategoryResource = z.infer<typeof categoryResourceSchema>
export type UserResource = z.infer<typeof userResourceSchema>
export type ProfileResource = z.infer<typeof profileResourceSchema>
export type ItemResource = z.infer<typeof itemResourceSchema>
export type ItemErrorResource = z.infer<typeof itemErrorResourceSchema>
export type HelpRequestResource = z.infer<typeof helpRequestResourceSchema>

export type RoleAttributes = RoleResource['attributes']
export type TagAttributes = TagResource['attributes']
export type CategoryAttributes = CategoryResource['attributes']
export type UserAttributes = UserResource['attributes']
export type ProfileAttributes = ProfileResource['attributes']
/** Live values are null until the controller has reported them. */
export type ItemAttributes = z.infer<typeof itemAttributesSchema>
export type ItemErrorAttributes = ItemErrorResource['attributes']
export type HelpRequestAttributes = HelpRequestResource['attributes']

export type TokenResponse = z.infer<typeof tokenResponseSchema>
export type RegisterResponse = z.infer<typeof registerResponseSchema>
