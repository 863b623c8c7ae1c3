import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config.ts'

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir.endsWith('/data')).toBe(true)
    expect(config.appUrl).toBe('http://localhost:3000')
    expect(config.shutdownTimeoutSeconds).toBe(10)
  })

  it('bounds the shutdown timeout', () => {
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutSeconds).toBe(30)
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(
      /SHUTDOWN_TIMEOUT_SECONDS="0": must be at least 1/,
    )
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: 'soon' })).toThrow(/must be a number/)
  })

  it('reads the drain delay: a few seconds by default, 0 for a single instance, bounded', () => {
    expect(loadConfig({}).shutdownDelaySeconds).toBe(5)
    expect(loadConfig({ SHUTDOWN_DELAY_SECONDS: '0' }).shutdownDelaySeconds).toBe(0)
    expect(loadConfig({ SHUTDOWN_DELAY_SECONDS: '15' }).shutdownDelaySeconds).toBe(15)
    expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: '-1' })).toThrow(
      /SHUTDOWN_DELAY_SECONDS="-1": must be at least 0/,
    )
    expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: '301' })).toThrow(/must be at most 300/)
    expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: '2.5' })).toThrow(/must be a whole number/)
  })

  it('names every bad value with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT="70000": must be between 1 and 65535[\s\S]*DATABASE_URL="mysql:\/\/x"/,
    )
  })

  it('reads the device-link settings: retry period, TLS files, dynamic security', () => {
    const defaults = loadConfig({})
    expect(defaults).toMatchObject({
      mqttConnectRetrySeconds: 60,
      mqttTls: undefined,
      mqttDynamicSecurity: false,
    })
    const tls = loadConfig({ MQTT_TLS_CERT: '/etc/teplo/cert.pem', MQTT_TLS_KEY: '/etc/teplo/key.pem' })
    expect(tls.mqttTls).toEqual({
      port: 8884,
      certFile: '/etc/teplo/cert.pem',
      keyFile: '/etc/teplo/key.pem',
    })
    expect(() => loadConfig({ MQTT_DYNAMIC_SECURITY: 'true' })).toThrow(
      /MQTT_DYNAMIC_SECURITY="true": needs MQTT_URL/,
    )
    expect(
      loadConfig({ MQTT_DYNAMIC_SECURITY: 'true', MQTT_URL: 'mqtt://teplo-server:x@127.0.0.1:1883' })
        .mqttDynamicSecurity,
    ).toBe(true)
    expect(() => loadConfig({ MQTT_CONNECT_RETRY_SECONDS: '0' })).toThrow(/must be at least 1/)
  })

  it('refuses DEVICE_AUTH_SECRET, whose HTTP auth hook was removed, naming what replaces it', () => {
    expect(() => loadConfig({ DEVICE_AUTH_SECRET: 'a-secret-of-sixteen-or-more' })).toThrow(
      /DEVICE_AUTH_SECRET=.*hook was removed.*MQTT_DYNAMIC_SECURITY=true/,
    )
  })

  it('reads origin lists and refuses anything but bare origins', () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://a.example, http://b.example:8080' })
    expect(config.corsOrigins).toEqual(['https://a.example', 'http://b.example:8080'])
    expect(loadConfig({}).corsOrigins).toEqual([])
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/app' })).toThrow(/CORS_ORIGINS=.*origins like/)
    expect(() => loadConfig({ ALLOWED_REDIRECT_ORIGINS: '*' })).toThrow(/ALLOWED_REDIRECT_ORIGINS/)
  })

  it('gives the server one stable session id per instance on an external broker, or the one set', () => {
    const host = os.hostname().replace(/[^A-Za-z0-9_.:-]/g, '-')
    expect(loadConfig({ PORT: '3100' }).mqttClientId).toBe(`teplo-server-${host}-3100`)
    expect(loadConfig({ PORT: '3100' }).mqttClientId).toBe(loadConfig({ PORT: '3100' }).mqttClientId)
    expect(loadConfig({ PORT: '3101' }).mqttClientId).not.toBe(loadConfig({ PORT: '3100' }).mqttClientId)
    expect(loadConfig({ MQTT_CLIENT_ID: 'teplo-server-b' }).mqttClientId).toBe('teplo-server-b')
    expect(loadConfig({}).mqttSessionExpirySeconds).toBe(604_800)
    expect(() => loadConfig({ MQTT_CLIENT_ID: 'teplo-100001' })).toThrow(/MQTT_CLIENT_ID=.*device client id/)
    expect(() => loadConfig({ MQTT_CLIENT_ID: 'a b' })).toThrow(/MQTT_CLIENT_ID/)
    expect(() => loadConfig({ MQTT_SESSION_EXPIRY_SECONDS: '-1' })).toThrow(/must be at least 0/)
  })

  it("takes over a lost instance's broker session after 30 s of silence by default; 0 turns it off", () => {
    expect(loadConfig({}).mqttTakeoverSeconds).toBe(30)
    expect(loadConfig({ MQTT_TAKEOVER_SECONDS: '0' }).mqttTakeoverSeconds).toBe(0)
    expect(loadConfig({ MQTT_TAKEOVER_SECONDS: '3' }).mqttTakeoverSeconds).toBe(3)
    for (const value of ['1', '-1', '3601'])
      expect(() => loadConfig({ MQTT_TAKEOVER_SECONDS: value })).toThrow(
        /MQTT_TAKEOVER_SECONDS.*must be 0 \(off\) or between 3 and 3600/,
      )
    expect(() => loadConfig({ MQTT_TAKEOVER_SECONDS: 'soon' })).toThrow(/must be a number/)
  })

  it('resolves a relative DATA_DIR from where the command was typed', () => {
    expect(loadConfig({ DATA_DIR: 'store', INIT_CWD: '/srv/teplo' }).dataDir).toBe('/srv/teplo/store')
  })

  it('keeps the embedded broker on the server host unless MQTT_HOST says otherwise', () => {
    expect(loadConfig({}).mqttHost).toBe('0.0.0.0')
    expect(loadConfig({ HOST: '127.0.0.1' }).mqttHost).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '127.0.0.1', MQTT_HOST: '0.0.0.0' }).mqttHost).toBe('0.0.0.0')
  })

  it('writes readable log lines on a terminal and JSON lines otherwise, unless LOG_FORMAT decides', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty')
    expect(loadConfig({}, false).logFormat).toBe('json')
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json')
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty')
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT="xml": must be pretty or json/)
  })
  it('reads the VAPID keys (both or neither) and picks a contact for push services', () => {
    const pub = `B${'a'.repeat(86)}`
    const priv = 'b'.repeat(43)
    expect(loadConfig({}).vapid).toEqual({ keys: undefined, subject: 'mailto:support@teplo.local' })
    expect(loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv }).vapid.keys).toEqual({
      publicKey: pub,
      privateKey: priv,
    })
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub })).toThrow(
      /VAPID_PRIVATE_KEY="": must be set with VAPID_PUBLIC_KEY/,
    )
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: priv })).toThrow(
      /VAPID_PUBLIC_KEY="": must be set with VAPID_PRIVATE_KEY/,
    )
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: priv })).toThrow(
      /VAPID_PUBLIC_KEY="short"/,
    )
    expect(loadConfig({ APP_URL: 'https://teplo.example.com/' }).vapid.subject).toBe(
      'https://teplo.example.com',
    )
    expect(loadConfig({ APP_URL: 'http://teplo.example.com' }).vapid.subject).toBe(
      'mailto:support@teplo.local',
    )
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).vapid.subject).toBe(
      'mailto:ops@example.com',
    )
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(
      /VAPID_SUBJECT="http:\/\/example.com"/,
    )
  })
})

describe('TRUST_PROXY', () => {
  it('takes false, true (one proxy), a number of proxies or their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16 ,::1,loopback' }).trustProxy).toBe(
      '10.0.0.1,192.168.0.0/16,::1,loopback',
    )
  })

  it('refuses anything else with what it takes', () => {
    for (const value of ['yes', '11', '10.0.0.256', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,,']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY=.*must be false, true \(one proxy\)/,
      )
    }
  })

  describe('passkeys', () => {
    it("sign for APP_URL's origin, for its host or a parent domain of it, and nothing else", () => {
      expect(loadConfig({ APP_URL: 'https://teplo.example.com/' }).passkeys).toEqual({
        rpId: 'teplo.example.com',
        origin: 'https://teplo.example.com',
      })
      expect(
        loadConfig({ APP_URL: 'https://teplo.example.com', PASSKEY_RP_ID: 'example.com' }).passkeys.rpId,
      ).toBe('example.com')
      expect(loadConfig({ PORT: '3201' }).passkeys).toEqual({
        rpId: 'localhost',
        origin: 'http://localhost:3201',
      })
      expect(() => loadConfig({ APP_URL: 'https://teplo.example.com', PASSKEY_RP_ID: 'evil.com' })).toThrow(
        /PASSKEY_RP_ID=.*must be APP_URL's host \(teplo\.example\.com\) or a parent domain of it/,
      )
      expect(() => loadConfig({ PASSKEY_RP_ID: 'bad host/' })).toThrow(/PASSKEY_RP_ID=.*must be a host name/)
    })
  })
})
