import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { accessLabel, type ServiceSettingsPatch } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { SelectField } from '../../../components/ui/select-field'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { ApiRequestError } from '../../../lib/api-client'
import { addScreenStrings, currentLanguage } from '../../../lib/i18n'
import { useItems } from '../../../lib/items/get-items'
import { type Device, withoutPending } from '../../../lib/items/item-document'
import strings from '../../../locales/uk-service.json'
import { useServiceSettings } from '../api/get-service-settings'
import { useUpdateServiceSettings } from '../api/update-service-settings'
import { ServiceForm } from './service-form'
import { SyncState } from './sync-state'

addScreenStrings(strings, () => import('../../../locales/en-service.json'))

// The device shown first: the one on the home screen, else the first (as the dashboard picks).
const preferred = (devices: readonly Device[]) => devices.find((d) => d.is_on_homepage) ?? devices[0]

interface ServiceScreenProps {
  /** Administrators choose among every account's devices; everyone else among their own and shared ones. */
  everyone?: boolean
}

/** «Сервісні налаштування»: the controller's service parameters of one device, and whether it runs on them. */
export function ServiceScreen({ everyone = false }: ServiceScreenProps) {
  const { t } = useTranslation()
  const devices = useItems({ noCache: true, everyone }, withoutPending)
  const [pickedId, setPickedId] = useState<string>()
  const list = devices.data ?? []
  const selected = list.find((d) => d.id === pickedId) ?? preferred(list)

  if (devices.isError)
    return <RetryAlert onRetry={() => devices.refetch()}>{t('service.loadFailed')}</RetryAlert>
  if (!devices.data) return <LoadingStatus>{t('service.loading')}</LoadingStatus>
  if (!selected) return <Typography>{t('service.noDevices')}</Typography>
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('service.intro')}</Typography>
      <div style={{ maxWidth: '24rem' }}>
        <SelectField
          label={t('service.device')}
          value={selected.id}
          options={list.map((d) => ({
            value: d.id,
            label: d.access === 'owner' ? d.name : `${d.name} · ${accessLabel(d.access, currentLanguage())}`,
          }))}
          onChange={setPickedId}
        />
      </div>
      <DeviceServiceSettings key={selected.id} itemId={selected.id} />
    </Stack>
  )
}

function DeviceServiceSettings({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const failureToast = useFailureToast()
  const settings = useServiceSettings(itemId)
  const update = useUpdateServiceSettings()
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})

  const save = async (values: ServiceSettingsPatch) => {
    setServerErrors({})
    try {
      await update.mutateAsync({ itemId, values })
      toast.success(t('service.saved'))
      return true
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fieldErrors : {}
      if (Object.keys(fields).length > 0) setServerErrors(fields)
      else failureToast(error)
      return false
    }
  }

  if (settings.isError)
    return <RetryAlert onRetry={() => settings.refetch()}>{t('service.loadFailed')}</RetryAlert>
  if (!settings.data) return <LoadingStatus>{t('service.loading')}</LoadingStatus>
  return (
    <Stack spacing={2}>
      <SyncState view={settings.data} />
      <ServiceForm view={settings.data} busy={update.isPending} serverErrors={serverErrors} onSave={save} />
    </Stack>
  )
}
