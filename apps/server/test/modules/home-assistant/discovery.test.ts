import { translateMessage } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { PrivateAddressError } from '../../../src/lib/public-address.ts'
import { brokerUrlAllowed } from '../../../src/modules/home-assistant/broker-client.ts'
import { commandPatch, failureReason } from '../../../src/modules/home-assistant/commands.ts'
import { deviceSlug, parseCommandTopic } from '../../../src/modules/home-assistant/discovery.ts'

describe('Home Assistant topics and commands', () => {
  it('makes serials topic-safe and reads only its own command topics', () => {
    expect(deviceSlug('AB-12/#+x')).toBe('AB-12___x')
    expect(parseCommandTopic('teplo/123/heater_temperature/set')).toEqual({
      slug: '123',
      command: 'heater_temperature',
    })
    expect(parseCommandTopic('teplo/123/reboot/set')).toBeNull()
    expect(parseCommandTopic('teplo/123/power/get')).toBeNull()
    expect(parseCommandTopic('other/123/power/set')).toBeNull()
    expect(parseCommandTopic('teplo/123/power/set/extra')).toBeNull()
  })

  it('turns payloads into the patch they stand for, and refuses what makes no sense', () => {
    expect(commandPatch('heater_temperature', '61.0', 'uk')).toEqual({ values: { heater_temp_set: 61 } })
    expect(commandPatch('tank_temperature', ' 48 ', 'uk')).toEqual({ values: { boiler_temp_set: 48 } })
    expect(commandPatch('power', 'OFF', 'uk')).toEqual({ values: { status: 'off' } })
    expect(commandPatch('heater_mode', 'heat', 'uk')).toEqual({ values: { status: 'on' } })
    expect(commandPatch('pump_mode', '2', 'uk')).toEqual({ values: { pump_mode: 2 } })
    for (const [command, payload] of [
      ['heater_temperature', ''],
      ['heater_temperature', 'warm'],
      ['power', 'on'],
      ['heater_mode', 'cool'],
      ['pump_mode', '9'],
    ] as const) {
      const patch = commandPatch(command, payload, 'en')
      expect('refused' in patch, `${command} ${payload}`).toBe(true)
      if ('refused' in patch) expect(translateMessage(patch.refused, 'en')).toMatch(/^The command value/)
    }
  })

  it('allows only mqtt(s) brokers on public addresses unless the site allows its own network', () => {
    const closed = { allowPrivate: false }
    expect(brokerUrlAllowed(new URL('mqtt://broker.example.com'), closed)).toBe(true)
    expect(brokerUrlAllowed(new URL('mqtts://8.8.8.8:8883'), closed)).toBe(true)
    for (const url of [
      'mqtt://127.0.0.1',
      'mqtt://10.0.0.5',
      'mqtt://[::1]',
      'mqtt://localhost',
      'mqtt://nas.local',
      'http://broker.example.com',
    ])
      expect(brokerUrlAllowed(new URL(url), closed), url).toBe(false)
    expect(brokerUrlAllowed(new URL('mqtt://192.168.1.10'), { allowPrivate: true })).toBe(true)
  })

  it('says why a connection failed in words the owner can act on', () => {
    expect(translateMessage(failureReason(Object.assign(new Error('x'), { code: 5 }), 'connect'), 'en')).toBe(
      'The broker did not accept the user name or password',
    )
    expect(
      translateMessage(failureReason(new PrivateAddressError('h', '10.0.0.1'), 'connect'), 'en'),
    ).toMatch(/not on a local network/)
    expect(translateMessage(failureReason(new Error('ECONNREFUSED'), 'lost'), 'en')).toBe(
      'The connection to the broker was lost: ECONNREFUSED',
    )
  })
})
