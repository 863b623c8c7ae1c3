import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { formatDateTime } from '../../../lib/dates'
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden'
import { useDeleteFirmware } from '../api/delete-firmware'
import type { FirmwareImage } from '../api/get-firmware-images'

/** The uploaded images; one a rollout is sending cannot be deleted. */
export function FirmwareImagesList({
  images,
  typeName,
}: {
  images: FirmwareImage[]
  typeName: (id: string) => string
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const failed = useFailureToast()
  const remove = useDeleteFirmware()
  const [doomed, setDoomed] = useState<FirmwareImage | null>(null)
  if (images.length === 0) return <Typography>{t('firmware.images.empty')}</Typography>
  return (
    <>
      {/* Positioned: the actions column's hidden name (absolute) scrolls with the table, not the page. */}
      <TableContainer
        role="group"
        aria-label={t('firmware.images.title')}
        tabIndex={0}
        sx={{ position: 'relative' }}
      >
        <Table size="small" aria-label={t('firmware.images.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('firmware.version')}</TableCell>
              <TableCell>{t('firmware.deviceType')}</TableCell>
              <TableCell>{t('firmware.images.size')}</TableCell>
              <TableCell>{t('firmware.images.sha256')}</TableCell>
              <TableCell>{t('firmware.images.uploadedAt')}</TableCell>
              <TableCell>{t('firmware.images.notes')}</TableCell>
              <TableCell>
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {t('firmware.images.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {images.map((image) => (
              <TableRow key={image.id} data-version={image.attributes.version}>
                <TableCell>{image.attributes.version}</TableCell>
                <TableCell>{typeName(image.relationships.category.data.id)}</TableCell>
                <TableCell>
                  {t('firmware.images.sizeKb', { size: Math.ceil(image.attributes.size / 1024) })}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }} title={image.attributes.sha256}>
                  {image.attributes.sha256.slice(0, 12)}…
                </TableCell>
                <TableCell>{formatDateTime(image.attributes.created_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-line' }}>{image.attributes.notes}</TableCell>
                <TableCell align="right">
                  {image.attributes.in_use ? (
                    <Chip size="small" color="info" label={t('firmware.images.inUse')} />
                  ) : (
                    <IconButton
                      aria-label={t('firmware.images.delete', { version: image.attributes.version })}
                      onClick={() => setDoomed(image)}
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={doomed !== null}
        subject={doomed ? `${doomed.attributes.version}` : undefined}
        busy={remove.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (!doomed) return
          remove.mutate(doomed.id, {
            onSuccess: () =>
              toast.success(t('firmware.images.deleted', { version: doomed.attributes.version })),
            onError: failed,
            onSettled: () => setDoomed(null),
          })
        }}
      />
    </>
  )
}
