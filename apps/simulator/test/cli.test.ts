import { describe, expect, it } from 'vitest'
import { parseCliOptions } from '../src/cli-options'
import { parseCommand } from '../src/commands'
import { parseCredentialsJson, parseDevicesFlag } from '../src/credentials'

describe('parseCliOptions', () => {
  it('takes the settings revision an older controller knows (ADR 051)', () => {
    expect(parseCliOptions(['--devices', '100001:pw', '--settings-revision', '1']).settingsRevision).toBe(1)
    expect(parseCliOptions(['--devices', '100001:pw']).settingsRevision).toBeUndefined()
  })

  it('takes the heating circuits a controller announces (ADR 063), 0 to 3', () => {
    expect(parseCliOptions(['--devices', '100001:pw', '--circuits', '2']).circuits).toBe(2)
    expect(parseCliOptions(['--devices', '100001:pw', '--circuits', '0']).circuits).toBeUndefined()
    for (const wrong of ['4', '1.5', 'two', '']) {
      expect(() => parseCliOptions(['--devices', '100001:pw', '--circuits', wrong])).toThrow(
        '--circuits must be a whole number from 0 to 3',
      )
    }
  })

  it('reads the flags with their defaults', () => {
    expect(parseCliOptions(['--devices', '100001:pw'])).toEqual({
      url: 'mqtt://127.0.0.1:1884',
      devices: '100001:pw',
      intervalSeconds: 5,
      speed: 1,
      protocolVersion: 4,
      help: false,
    })
    const options = parseCliOptions([
      '--url',
      'mqtt://broker:1884',
      '--credentials-file',
      'c.json',
      '--interval',
      '0.5',
      '--speed',
      '60',
      '--protocol',
      '5',
      '--inject',
      'e3',
      '--device',
      '100001',
      '--ca',
      'ca.pem',
    ])
    expect(options).toMatchObject({
      url: 'mqtt://broker:1884',
      // An explicit --url wins over the broker a credentials answer names.
      urlGiven: true,
      credentialsFile: 'c.json',
      intervalSeconds: 0.5,
      speed: 60,
      protocolVersion: 5,
      inject: { code: 'E3', serial: '100001' },
      ca: 'ca.pem',
    })
  })

  it('explains what is missing or wrong', () => {
    expect(() => parseCliOptions([])).toThrow('give --devices, --credentials-file or --count with --api')
    expect(() => parseCliOptions(['--devices', '100001:pw', '--settings-revision', '0'])).toThrow(
      /--settings-revision must be a whole number from 1 to \d+/,
    )
    expect(() => parseCliOptions(['--devices', '100001:pw', '--settings-revision', '1.5'])).toThrow(
      /--settings-revision/,
    )
    expect(() => parseCliOptions(['--count', '3'])).toThrow('--count needs --api')
    expect(() => parseCliOptions(['--devices', '1:p', '--interval', '0'])).toThrow(
      '--interval must be a positive',
    )
    expect(() => parseCliOptions(['--devices', '1:p', '--inject', 'E11'])).toThrow(
      '--inject must be one of E1…E10',
    )
    expect(() => parseCliOptions(['--devices', '1:p', '--bogus'])).toThrow()
  })
})

describe('device credentials', () => {
  it('parses serial:password pairs, keeping colons inside the password', () => {
    expect(parseDevicesFlag('100001:a:b, 100002:c')).toEqual([
      { serial: '100001', password: 'a:b' },
      { serial: '100002', password: 'c' },
    ])
    expect(() => parseDevicesFlag('100001')).toThrow("expected serial:password, got '100001'")
    expect(() => parseDevicesFlag('abc:pw')).toThrow()
  })

  it('reads a credentials file in either shape', () => {
    const text = JSON.stringify([
      { serial: '100001', password: 'a' },
      { username: '100002', password: 'b', topic_prefix: 'teplo/v1/devices/100002' },
      { serial_number: 100003, password: 'c' },
    ])
    expect(parseCredentialsJson(text, 'f.json').map((d) => d.serial)).toEqual(['100001', '100002', '100003'])
    expect(() => parseCredentialsJson('{', 'f.json')).toThrow('f.json: not JSON')
    expect(() => parseCredentialsJson('[{"serial":"x","password":"p"}]', 'f.json')).toThrow(
      'not a serial number',
    )
  })
})

describe('stdin commands', () => {
  it('parses inject, power, status and quit', () => {
    expect(parseCommand('inject 100001 E3')).toEqual({ kind: 'inject', serial: '100001', code: 'E3' })
    expect(parseCommand('  inject 100001 e10 ')).toEqual({ kind: 'inject', serial: '100001', code: 'E10' })
    expect(parseCommand('power 100001 OFF')).toEqual({ kind: 'power', serial: '100001', power: 'off' })
    expect(parseCommand('status')).toEqual({ kind: 'status' })
    expect(parseCommand('corrupt 100001')).toEqual({ kind: 'corrupt', serial: '100001' })
    expect(parseCommand('corrupt')).toEqual({ kind: 'invalid', message: 'usage: corrupt <serial>' })
    expect(parseCommand('exit')).toEqual({ kind: 'quit' })
    expect(parseCommand('   ')).toBeNull()
  })

  it('answers a malformed line with usage', () => {
    expect(parseCommand('inject 100001 E42')).toEqual({
      kind: 'invalid',
      message: 'usage: inject <serial> <E1…E10>',
    })
    expect(parseCommand('power 100001 maybe')).toMatchObject({ kind: 'invalid' })
    expect(parseCommand('dance')).toEqual({ kind: 'invalid', message: "unknown command 'dance' (type help)" })
  })
})
