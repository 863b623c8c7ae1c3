import Button from '@mui/material/Button'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { refusalMessage } from '../../../lib/refusal-message'
import { useArchiveItemError } from '../api/archive-item-error'
import type { ErrorRow } from '../utils/error-row'

export function ArchiveErrorButton({ row }: { row: ErrorRow }) {
  const { t } = useTranslation()
  const toast = useToast()
  const archive = useArchiveItemError()
  return (
    <Button
      size="small"
      variant="outlined"
      loading={archive.isPending}
      aria-label={t('deviceErrors.archiveNamed', { code: row.code, time: row.time })}
      onClick={() =>
        archive.mutate(row.id, {
          onSuccess: () => toast.success(t('deviceErrors.archived')),
          onError: (error) => toast.error(refusalMessage(error, t('deviceErrors.archiveFailed'))),
        })
      }
    >
      {t('deviceErrors.archive')}
    </Button>
  )
}
