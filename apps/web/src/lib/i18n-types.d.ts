import 'i18next'
import type uk from '../locales/uk.json'
import type alarms from '../locales/uk-alarms.json'
import type apiTokens from '../locales/uk-api-tokens.json'
import type firmware from '../locales/uk-firmware.json'
import type fleet from '../locales/uk-fleet.json'
import type history from '../locales/uk-history.json'
import type homeAssistant from '../locales/uk-home-assistant.json'
import type installation from '../locales/uk-installation.json'
import type legal from '../locales/uk-legal.json'
import type pellets from '../locales/uk-pellets.json'
import type push from '../locales/uk-push.json'
import type schedule from '../locales/uk-schedule.json'
import type screens from '../locales/uk-screens.json'
import type service from '../locales/uk-service.json'
import type sessions from '../locales/uk-sessions.json'
import type sharing from '../locales/uk-sharing.json'
import type twoFactor from '../locales/uk-two-factor.json'
import type webhooks from '../locales/uk-webhooks.json'

type Shell = typeof uk
type Screens = typeof screens
type History = typeof history
type Sharing = typeof sharing
type Push = typeof push
type Fleet = typeof fleet
type Alarms = typeof alarms
type Schedule = typeof schedule
type Service = typeof service
type Firmware = typeof firmware
type Sessions = typeof sessions
type TwoFactor = typeof twoFactor
type Legal = typeof legal
type Pellets = typeof pellets
type ApiTokens = typeof apiTokens
type Webhooks = typeof webhooks
type HomeAssistant = typeof homeAssistant
type Installation = typeof installation

// One interface over every locale file rather than an intersection of eight: the type checker resolves an
// interface's members once, where t()'s key types over a long intersection grow too deep to check.
interface Translation
  extends Shell,
    Screens,
    History,
    Sharing,
    Push,
    Fleet,
    Alarms,
    Schedule,
    Service,
    Firmware,
    Sessions,
    TwoFactor,
    Legal,
    Pellets,
    ApiTokens,
    Webhooks,
    HomeAssistant,
    Installation {}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: Translation }
  }
}
