import { type Language, msg, PUMP_MODES, pumpModeLabel } from '@teplo/domain'
import { isLoginRefused, isNotPublic } from './broker-client.ts'
import type { CommandName } from './discovery.ts'

// What a Home Assistant command payload means, and why a connection failed, as keyed messages (ADR 055, 062).

/** Why a connection attempt failed, as a stored message (ADR 055) for the account's screen. */
export function failureReason(error: unknown, phase: 'connect' | 'lost'): string {
  if (isLoginRefused(error)) return msg('server.homeAssistant.notAuthorized')
  if (isNotPublic(error)) return msg('server.homeAssistant.notPublic')
  const text = error instanceof Error ? error.message : String(error)
  return msg(phase === 'connect' ? 'server.homeAssistant.unreachable' : 'server.homeAssistant.lost', {
    error: text.slice(0, 200),
  })
}

/** The payload a command carries, as the item patch it stands for; a message key when it makes no sense. */
export function commandPatch(
  command: CommandName,
  payload: string,
  language: Language,
): { values: Record<string, unknown> } | { refused: string } {
  const value = payload.trim()
  const number = Number(value)
  const refuse = () => ({ refused: msg('server.homeAssistant.commandValue', { value: value.slice(0, 40) }) })
  switch (command) {
    case 'heater_temperature':
      return value !== '' && Number.isFinite(number)
        ? { values: { heater_temp_set: Math.round(number) } }
        : refuse()
    case 'tank_temperature':
      return value !== '' && Number.isFinite(number)
        ? { values: { boiler_temp_set: Math.round(number) } }
        : refuse()
    case 'heater_mode':
      if (value === 'heat') return { values: { status: 'on' } }
      if (value === 'off') return { values: { status: 'off' } }
      return refuse()
    case 'power':
      if (value === 'ON') return { values: { status: 'on' } }
      if (value === 'OFF') return { values: { status: 'off' } }
      return refuse()
    case 'pump_mode': {
      const mode = PUMP_MODES.find(
        (candidate) => pumpModeLabel(candidate, language) === value || String(candidate) === value,
      )
      return mode === undefined ? refuse() : { values: { pump_mode: mode } }
    }
  }
}
