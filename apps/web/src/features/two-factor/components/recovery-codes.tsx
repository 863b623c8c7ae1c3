import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded'
import DownloadRounded from '@mui/icons-material/DownloadRounded'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'

/** The ten recovery codes, shown this once: to copy or to save as a file. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation()
  const toast = useToast()
  const text = `${t('twoFactor.codes.fileHeader')}\n\n${codes.join('\n')}\n`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      toast.success(t('twoFactor.codes.copied'))
    } catch {
      toast.error(t('twoFactor.codes.copyFailed'))
    }
  }
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'teplo-recovery-codes.txt'
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('twoFactor.codes.once')}</Alert>
      <Box
        component="ol"
        aria-label={t('twoFactor.codes.label')}
        sx={{
          m: 0,
          pl: 4,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 4,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopyRounded />} onClick={copy}>
          {t('twoFactor.codes.copy')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadRounded />} onClick={download}>
          {t('twoFactor.codes.download')}
        </Button>
      </Stack>
    </Stack>
  )
}
