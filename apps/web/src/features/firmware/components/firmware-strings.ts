import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-firmware.json'

// The firmware screen's strings travel with its chunk.
addScreenStrings(strings, () => import('../../../locales/en-firmware.json'))
