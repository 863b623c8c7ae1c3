import { noContentSchema } from '../resources/document'
import { homeAssistantDocumentSchema } from '../resources/home-assistant'
import { homeAssistantPutSchema } from '../schemas/home-assistant'
import { defineOperation, SIGNED_IN } from './operation'

// The signed-in account's Home Assistant connection (ADR 062). Signed-in sessions only: a personal API token
// cannot point the account's devices at another broker.
export const homeAssistantOperations = {
  getHomeAssistant: defineOperation({
    id: 'getHomeAssistant',
    method: 'GET',
    path: '/me/home-assistant',
    tag: 'home-assistant',
    summary: "The account's Home Assistant connection and its state (data null when there is none)",
    access: SIGNED_IN,
    status: 200,
    response: homeAssistantDocumentSchema,
  }),
  putHomeAssistant: defineOperation({
    id: 'putHomeAssistant',
    method: 'PUT',
    path: '/me/home-assistant',
    tag: 'home-assistant',
    summary: "Connect the account's devices to your MQTT broker for Home Assistant, or change the connection",
    access: SIGNED_IN,
    type: 'home-assistant-links',
    body: homeAssistantPutSchema,
    status: 200,
    response: homeAssistantDocumentSchema,
  }),
  deleteHomeAssistant: defineOperation({
    id: 'deleteHomeAssistant',
    method: 'DELETE',
    path: '/me/home-assistant',
    tag: 'home-assistant',
    summary: 'Disconnect: the entities are removed from the broker (retained configurations cleared)',
    access: SIGNED_IN,
    status: 204,
    response: noContentSchema,
  }),
}
