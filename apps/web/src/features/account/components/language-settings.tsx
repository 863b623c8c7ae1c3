import FormControlLabel from '@mui/material/FormControlLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { currentLanguage, setLanguage } from '../../../lib/i18n'
import { useUpdateLanguage } from '../api/update-language'
import { SettingsSection } from './settings-section'

/** The account's language: switches this screen at once and is stored for the account's e-mails and pushes. */
export function LanguageSettings({ onSaved }: { onSaved: (language: Language) => void }) {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const update = useUpdateLanguage(onSaved)
  const current = currentLanguage()

  const choose = async (language: Language) => {
    const previous = currentLanguage()
    try {
      await setLanguage(language)
    } catch {
      toast.error(t('account.language.failed'))
      return
    }
    // i18n.t rather than this render's t: the messages are said in the language just chosen.
    update.mutate(language, {
      onSuccess: () => toast.success(i18n.t('account.language.saved')),
      // Back to the language the account still has, and said in it.
      onError: () =>
        void setLanguage(previous)
          .catch(() => undefined)
          .then(() => toast.error(i18n.t('account.language.failed'))),
    })
  }

  return (
    <SettingsSection title={t('account.language.title')} description={t('account.language.text')}>
      <RadioGroup
        aria-label={t('account.language.title')}
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value)
        }}
      >
        {LANGUAGES.map((language) => (
          <FormControlLabel
            key={language}
            value={language}
            lang={language}
            disabled={update.isPending}
            control={<Radio />}
            label={LANGUAGE_NAMES[language]}
          />
        ))}
      </RadioGroup>
    </SettingsSection>
  )
}
