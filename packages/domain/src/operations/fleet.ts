import { z } from 'zod'
import { msg } from '../i18n/message'
import { FLEET_ATTENTION, FLEET_SORTS, fleetListDocumentSchema } from '../resources/fleet'
import { defineOperation, rolesOnly } from './operation'
import { cacheBustingQuery, pageQuery, textParam } from './parameters'

export const FLEET_PAGE_SIZE = 25

const fleetQuery = z.object({
  ...pageQuery(FLEET_PAGE_SIZE),
  'filter[search]': textParam('filter[search]', 100).optional(),
  'filter[attention]': z
    .enum(FLEET_ATTENTION, {
      message: msg('validation.query.attentionFilter', { values: FLEET_ATTENTION.join(', ') }),
    })
    .optional(),
  /** `attention` (default): what needs attention first; `maintenance`: the maintenance falling due first (ADR 059). */
  sort: z
    .enum(FLEET_SORTS, { message: msg('validation.query.fleetSort', { values: FLEET_SORTS.join(', ') }) })
    .optional(),
  ...cacheBustingQuery,
})

// The installer's fleet view (ADR 018): creators and admins.
export const fleetOperations = {
  listFleet: defineOperation({
    id: 'listFleet',
    method: 'GET',
    path: '/fleet',
    tag: 'sharing',
    summary:
      'Every device the installer has access to (admins: every device) with its live state, what needs ' +
      'attention first (sort=maintenance: the maintenance falling due first); filter[search] on name, serial ' +
      'or owner, filter[attention]',
    access: rolesOnly('admin', 'creator'),
    query: fleetQuery,
    status: 200,
    response: fleetListDocumentSchema,
  }),
}
