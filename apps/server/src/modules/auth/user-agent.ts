import type { SessionResource } from '@teplo/domain'
import Bowser from 'bowser'

type Described = Pick<SessionResource['attributes'], 'browser' | 'platform' | 'device'>

const majorVersion = (version: string | undefined) => version?.split('.')[0] ?? ''
const DEVICE_TYPES = new Set(['mobile', 'tablet', 'desktop'])

/** 'Chrome 131' on 'Android 14', a phone: what the list of sessions shows for a User-Agent. */
export function describeUserAgent(userAgent: string | null): Described {
  if (!userAgent) return { browser: null, platform: null, device: null }
  const parsed = Bowser.parse(userAgent)
  let browser = parsed.browser.name
    ? `${parsed.browser.name} ${majorVersion(parsed.browser.version)}`.trim()
    : null
  // Not a browser (curl, a script, an integration): its product token, as it names itself.
  if (!browser)
    browser = /^([A-Za-z][\w.-]{0,40})(?:\/([\w.]{1,20}))?/.exec(userAgent)?.slice(1).join(' ').trim() || null
  const os = parsed.os.name
  const osVersion =
    parsed.os.versionName ?? (os === 'iOS' || os === 'Android' ? majorVersion(parsed.os.version) : '')
  const platform = os ? `${os} ${osVersion}`.trim() : null
  const type = parsed.platform.type
  const device = type && DEVICE_TYPES.has(type) ? (type as Described['device']) : null
  return { browser, platform, device }
}
