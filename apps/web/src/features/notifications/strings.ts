import { addScreenStrings } from '../../lib/i18n'
import strings from '../../locales/uk-alarms.json'

// The alarms' strings travel with the screens that show them (the dashboard and account settings chunks).
addScreenStrings(strings, () => import('../../locales/en-alarms.json'))
