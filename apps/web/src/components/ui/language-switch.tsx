import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import type { Language } from '@teplo/domain'
import { Fragment, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage, setLanguage } from '../../lib/i18n'

// The domain's LANGUAGES and LANGUAGE_NAMES, restated (a test keeps them equal): the switch is on the first page,
// and a value import of the domain brings its schemas into that page's bundle.
export const SWITCH_LANGUAGES: readonly Language[] = ['uk', 'en']
export const SWITCH_NAMES: Record<Language, string> = { uk: 'Українська', en: 'English' }

// Each language's short name in itself, never translated.
const SHORT_NAMES: Record<Language, string> = { uk: 'УКР', en: 'ENG' }

interface LanguageSwitchProps {
  /** Called once the texts have switched, e.g. to store the choice on the signed-in account. */
  onChosen?: (language: Language) => void
}

/**
 * «УКР / ENG» in a top bar. On a phone only the other language is offered, as one button; from the small
 * breakpoint up both are shown with the current one marked.
 */
export function LanguageSwitch({ onChosen }: LanguageSwitchProps) {
  const { t } = useTranslation()
  const current = currentLanguage()
  const [switching, setSwitching] = useState(false)

  const choose = async (language: Language) => {
    if (language === current || switching) return
    setSwitching(true)
    try {
      await setLanguage(language)
      onChosen?.(language)
    } catch {
      // The texts stay as they are (the English file could not be fetched); pressing again tries again.
    } finally {
      setSwitching(false)
    }
  }

  return (
    <Box role="group" aria-label={t('shell.language')} sx={{ display: 'flex', alignItems: 'center' }}>
      {SWITCH_LANGUAGES.map((language, index) => {
        const active = language === current
        return (
          <Fragment key={language}>
            {index > 0 && (
              <Box
                component="span"
                aria-hidden
                sx={{ color: 'text.disabled', display: { xs: 'none', sm: 'inline' } }}
              >
                /
              </Box>
            )}
            <Button
              lang={language}
              aria-label={SWITCH_NAMES[language]}
              aria-pressed={active}
              disabled={switching && !active}
              onClick={() => void choose(language)}
              sx={{
                minWidth: 0,
                px: { xs: 0.5, sm: 0.75 },
                fontSize: { xs: '0.8125rem', sm: '0.875rem' },
                color: active ? 'text.primary' : 'text.secondary',
                fontWeight: active ? 700 : 500,
                display: { xs: active ? 'none' : 'inline-flex', sm: 'inline-flex' },
              }}
            >
              {SHORT_NAMES[language]}
            </Button>
          </Fragment>
        )
      })}
    </Box>
  )
}
