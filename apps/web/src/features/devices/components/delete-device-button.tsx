import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import Button from '@mui/material/Button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import type { Device } from '../../../lib/items/item-document'
import { useDeleteDevice } from '../api/delete-device'

/** Delete with the confirmation of spec §8; the list reloads afterwards. */
export function DeleteDeviceButton({ device }: { device: Pick<Device, 'id' | 'name'> }) {
  const { t } = useTranslation()
  const toast = useToast()
  const remove = useDeleteDevice()
  const [asking, setAsking] = useState(false)

  const confirm = () =>
    remove.mutate(device.id, {
      onSuccess: () => toast.success(t('devices.deleted')),
      onError: (error) =>
        toast.error(
          error instanceof ApiRequestError && error.status === 404
            ? t('devices.notFound')
            : t('devices.deleteFailed'),
        ),
      onSettled: () => setAsking(false),
    })

  return (
    <>
      <Button
        color="error"
        startIcon={<DeleteOutlineRounded />}
        aria-label={t('devices.deleteNamed', { name: device.name })}
        onClick={() => setAsking(true)}
      >
        {t('devices.delete')}
      </Button>
      <ConfirmDialog
        open={asking}
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
        subject={device.name}
      />
    </>
  )
}
