import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { VERIFICATION_CODE_LENGTH } from '@teplo/domain'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { emptyCode } from '../utils/code-boxes'
import { VerificationCodeInput } from './verification-code-input'

type Outcome = 'idle' | 'incomplete' | 'notEnabled'

/**
 * Two-step verification screen. Accounts have no second step yet, so a full code is answered with that
 * fact instead of pretending to check it (docs/decisions/007-template-routes.md).
 */
export function VerificationForm() {
  const { t } = useTranslation()
  const id = useId()
  const [code, setCode] = useState(() => emptyCode(VERIFICATION_CODE_LENGTH))
  const [outcome, setOutcome] = useState<Outcome>('idle')
  const count = VERIFICATION_CODE_LENGTH

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setOutcome(code.every(Boolean) ? 'notEnabled' : 'incomplete')
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <div>
        <Typography variant="h1">{t('templates.verification.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('templates.verification.text', { count })}
        </Typography>
      </div>
      <Stack spacing={1}>
        <Typography id={`${id}-label`} component="span" variant="body2" sx={{ fontWeight: 600 }}>
          {t('templates.verification.code')}
        </Typography>
        <VerificationCodeInput
          value={code}
          onChange={(next) => {
            setCode(next)
            setOutcome('idle')
          }}
          labelledBy={`${id}-label`}
          describedBy={outcome === 'incomplete' ? `${id}-error` : undefined}
          invalid={outcome === 'incomplete'}
          boxLabel={(position) => t('templates.verification.box', { position, count })}
        />
        {outcome === 'incomplete' && (
          <FormHelperText id={`${id}-error`} error>
            {t('templates.verification.incomplete', { count })}
          </FormHelperText>
        )}
      </Stack>
      <Button type="submit" variant="contained" size="large">
        {t('templates.verification.submit')}
      </Button>
      {outcome === 'notEnabled' && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/login" color="inherit" size="small">
              {t('templates.verification.signIn')}
            </Button>
          }
        >
          {t('templates.verification.notEnabled')}
        </Alert>
      )}
    </Stack>
  )
}
