import FormControlLabel from '@mui/material/FormControlLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import { useColorScheme } from '@mui/material/styles'
import { useTranslation } from 'react-i18next'
import { SettingsSection } from './settings-section'

const MODES = ['system', 'light', 'dark'] as const
type Mode = (typeof MODES)[number]

const isMode = (value: string): value is Mode => (MODES as readonly string[]).includes(value)

/** Light, dark or as the system says; remembered in this browser (the theme provider keeps it in localStorage). */
export function AppearanceSection() {
  const { t } = useTranslation()
  const { mode, setMode } = useColorScheme()
  return (
    <SettingsSection title={t('account.appearance.title')} description={t('account.appearance.text')}>
      <RadioGroup
        aria-label={t('account.appearance.title')}
        value={mode ?? 'system'}
        onChange={(event) => {
          if (isMode(event.target.value)) setMode(event.target.value)
        }}
      >
        {MODES.map((value) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio />}
            label={t(`account.appearance.${value}`)}
          />
        ))}
      </RadioGroup>
    </SettingsSection>
  )
}
