import { type ErrorCode, toErrorCode } from '@teplo/domain'
import { CONDITIONS, type Condition, isCondition } from './model/conditions'

export type Command =
  | { kind: 'inject'; serial: string; code: ErrorCode }
  | { kind: 'power'; serial: string; power: 'on' | 'off' }
  | { kind: 'fault'; serial: string; condition: Condition }
  | { kind: 'clear'; serial: string }
  | { kind: 'corrupt'; serial: string }
  | { kind: 'status' }
  | { kind: 'help' }
  | { kind: 'quit' }
  | { kind: 'invalid'; message: string }

export const COMMANDS_HELP = [
  'inject <serial> <E1…E10>   raise a controller error',
  'power <serial> on|off      the controller panel switch',
  `fault <serial> ${CONDITIONS.join('|')}   force a situation until cleared`,
  'clear <serial>             end the forced situation',
  'corrupt <serial>           damage the next firmware download (its checksum fails)',
  'status                     one line per device',
  'quit                       publish offline and exit',
].join('\n')

/** One line typed on stdin while the simulator runs. */
export function parseCommand(line: string): Command | null {
  const [verb, ...args] = line.trim().split(/\s+/)
  if (!verb) return null
  switch (verb.toLowerCase()) {
    case 'inject': {
      const code = toErrorCode(args[1])
      if (!args[0] || !code) return { kind: 'invalid', message: 'usage: inject <serial> <E1…E10>' }
      return { kind: 'inject', serial: args[0], code }
    }
    case 'power': {
      const power = args[1]?.toLowerCase()
      if (!args[0] || (power !== 'on' && power !== 'off')) {
        return { kind: 'invalid', message: 'usage: power <serial> on|off' }
      }
      return { kind: 'power', serial: args[0], power }
    }
    case 'fault': {
      const condition = args[1]?.toLowerCase() ?? ''
      if (!args[0] || !isCondition(condition)) {
        return { kind: 'invalid', message: `usage: fault <serial> ${CONDITIONS.join('|')}` }
      }
      return { kind: 'fault', serial: args[0], condition }
    }
    case 'clear':
      if (!args[0]) return { kind: 'invalid', message: 'usage: clear <serial>' }
      return { kind: 'clear', serial: args[0] }
    case 'corrupt':
      if (!args[0]) return { kind: 'invalid', message: 'usage: corrupt <serial>' }
      return { kind: 'corrupt', serial: args[0] }
    case 'status':
      return { kind: 'status' }
    case 'help':
      return { kind: 'help' }
    case 'quit':
    case 'exit':
      return { kind: 'quit' }
    default:
      return { kind: 'invalid', message: `unknown command '${verb}' (type help)` }
  }
}
