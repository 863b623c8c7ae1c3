import { type ApiTokenScope, type ItemAbility, msg } from '@teplo/domain'

/**
 * A request made with a personal API token (ADR 060): its scopes narrow what may be done to a device (read: see;
 * control: see and operate), and `items`, unless null, the devices it reaches (any other is not found).
 */
export type ApiTokenGrant = {
  readonly id: number
  readonly scopes: readonly ApiTokenScope[]
  readonly items: ReadonlySet<number> | null
}

const TOKEN_ABILITIES: Readonly<Record<ApiTokenScope, readonly ItemAbility[]>> = {
  read: ['see'],
  control: ['see', 'operate'],
}

/** Whether a token's scopes allow an ability on a device (its owner's access decides the rest). */
export function tokenAllows(grant: ApiTokenGrant, ability: ItemAbility): boolean {
  return grant.scopes.some((scope) => TOKEN_ABILITIES[scope].includes(ability))
}

/** Whether a token reaches a device at all (by its list; any device without one). */
export function tokenReaches(grant: ApiTokenGrant | undefined, itemId: number): boolean {
  return !grant?.items || grant.items.has(itemId)
}

/** What a device the caller may not see answers: the same as one that does not exist. */
export const ITEM_NOT_FOUND = msg('server.items.notFound')
