import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { PelletDeliveryResource } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { useToast } from '../../../components/ui/toast-context'
import { formatNumber } from '../../../lib/numbers'
import { refusalMessage } from '../../../lib/refusal-message'
import { usePelletDeliveries, useRemoveDelivery } from '../api/pellets'
import { formatDay } from '../utils/forecast-days'

/** The deliveries, newest first, a page at a time; whoever operates the boiler may remove one recorded by mistake. */
export function DeliveriesList({ itemId, operates }: { itemId: string; operates: boolean }) {
  const { t } = useTranslation()
  const toast = useToast()
  const [page, setPage] = useState(1)
  const deliveries = usePelletDeliveries(itemId, page)
  const remove = useRemoveDelivery(itemId)
  const [removing, setRemoving] = useState<PelletDeliveryResource | null>(null)

  const confirmRemove = () => {
    if (!removing) return
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(t('pellets.deliveries.removed'))
        setRemoving(null)
      },
      onError: (failure) => {
        toast.error(refusalMessage(failure, t('pellets.saveFailed')))
        setRemoving(null)
      },
    })
  }

  const describe = (delivery: PelletDeliveryResource) => {
    const { kg, price_total, price_per_kg, supplier } = delivery.attributes
    const price =
      price_total === null || price_per_kg === null
        ? t('pellets.deliveries.noPrice')
        : t('pellets.deliveries.price', {
            uah: formatNumber(price_total, 0),
            perKg: formatNumber(price_per_kg, 2),
          })
    return { kg: formatNumber(kg, 1), details: [price, supplier].filter(Boolean).join(' · ') }
  }

  return (
    <Stack spacing={1}>
      <Typography variant="h3">{t('pellets.deliveries.title')}</Typography>
      {deliveries.isError ? (
        <RetryAlert onRetry={() => deliveries.refetch()}>{t('pellets.loadFailed')}</RetryAlert>
      ) : !deliveries.data ? (
        <LoadingStatus>{t('pellets.loading')}</LoadingStatus>
      ) : deliveries.data.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('pellets.deliveries.empty')}</Typography>
      ) : (
        <>
          <List dense disablePadding data-testid="pellet-deliveries">
            {deliveries.data.data.map((delivery) => {
              const { kg, details } = describe(delivery)
              const date = formatDay(delivery.attributes.delivered_at)
              return (
                <ListItem
                  key={delivery.id}
                  divider
                  disableGutters
                  secondaryAction={
                    operates ? (
                      <IconButton
                        edge="end"
                        aria-label={`${t('pellets.deliveries.remove')}: ${date}, ${kg}`}
                        onClick={() => setRemoving(delivery)}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    ) : undefined
                  }
                >
                  <ListItemText primary={t('pellets.deliveries.row', { date, kg })} secondary={details} />
                </ListItem>
              )
            })}
          </List>
          {deliveries.data.meta.page.lastPage > 1 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('pellets.deliveries.newer')}
              </Button>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('pellets.deliveries.page', { page, pages: deliveries.data.meta.page.lastPage })}
              </Typography>
              <Button disabled={page >= deliveries.data.meta.page.lastPage} onClick={() => setPage(page + 1)}>
                {t('pellets.deliveries.older')}
              </Button>
            </Stack>
          )}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
        question={
          removing
            ? {
                title: t('pellets.deliveries.removeTitle'),
                text: t('pellets.deliveries.removeText', {
                  kg: formatNumber(removing.attributes.kg, 1),
                  date: formatDay(removing.attributes.delivered_at),
                }),
                confirm: t('pellets.deliveries.remove'),
                cancel: t('pellets.cancel'),
              }
            : undefined
        }
      />
    </Stack>
  )
}
