import { energyCountersDocumentSchema } from '../resources/energy'
import { energySettingsPatchSchema } from '../schemas/energy'
import { defineOperation, itemAccess, SIGNED_IN } from './operation'
import { idParams } from './parameters'

// The energy counters of a device (ADR 058): visible to whoever may see the device (404 for anyone else); the
// heating season is changed by whoever operates it, as the fuel settings are.
export const energyOperations = {
  getEnergyCounters: defineOperation({
    id: 'getEnergyCounters',
    method: 'GET',
    path: '/items/{id}/energy',
    tag: 'history',
    summary:
      'Energy, pellets, burner hours and ignitions since the first reading and per heating season, with their sources',
    access: SIGNED_IN,
    token: 'read',
    params: idParams,
    status: 200,
    response: energyCountersDocumentSchema,
  }),
  updateEnergySettings: defineOperation({
    id: 'updateEnergySettings',
    method: 'PATCH',
    path: '/items/{id}/energy',
    tag: 'history',
    summary: "Change the heating season's first and last day ('MM-DD')",
    access: itemAccess('operate'),
    type: 'energy-counters',
    params: idParams,
    body: energySettingsPatchSchema,
    status: 200,
    response: energyCountersDocumentSchema,
  }),
}
