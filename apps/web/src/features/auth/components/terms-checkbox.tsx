import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Link from '@mui/material/Link'
import type { RegisterFormInput } from '@teplo/domain'
import { type ReactNode, useId } from 'react'
import { type Control, Controller } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { domainMessage } from '../../../lib/domain-messages'
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden'

interface TermsCheckboxProps {
  control: Control<RegisterFormInput, unknown, unknown>
}

/** The terms open in a new tab, so that what was typed into the form stays. */
function TermsLink({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Link href="/terms" target="_blank" rel="noopener">
      {children}
      <span style={VISUALLY_HIDDEN}> {t('auth.register.termsOpens')}</span>
    </Link>
  )
}

/** The terms checkbox, unchecked at start; its error shows right under it (spec §4). */
export function TermsCheckbox({ control }: TermsCheckboxProps) {
  const helperId = useId()
  const label = <Trans i18nKey="auth.register.terms" components={{ terms: <TermsLink /> }} />
  return (
    <Controller
      control={control}
      name="terms"
      render={({ field, fieldState }) => (
        <FormControl error={fieldState.invalid}>
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                name={field.name}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{
                  input: {
                    ref: field.ref,
                    'aria-invalid': fieldState.invalid || undefined,
                    'aria-describedby': fieldState.error ? helperId : undefined,
                  },
                }}
              />
            }
          />
          {fieldState.error && (
            <FormHelperText id={helperId}>{domainMessage(fieldState.error.message)}</FormHelperText>
          )}
        </FormControl>
      )}
    />
  )
}
