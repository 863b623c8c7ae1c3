import type { MessagesOf } from '../shape'
import type { sync as uk } from '../uk/sync'

export const sync: MessagesOf<typeof uk> = {
  appliedInstead: '{{name}}: applied {{applied}} instead of {{desired}}',
  notSupported: '{{name}}: not supported by this controller',
  serviceAppliedInstead: 'service.{{name}}: applied {{applied}} instead of {{desired}}',
  serviceNotConfirmed:
    'the controller did not confirm the service settings (its firmware may not support them)',
  scheduleUnsupported: 'schedule: the controller does not support schedules',
  scheduleDifferent: 'schedule: a different schedule was applied',
}
