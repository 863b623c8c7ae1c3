import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { canToggle, itemStatusLabel, workModeLabel } from '@teplo/domain'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../../lib/i18n'
import type { Device } from '../../../lib/items/item-document'
import { useSaveSettings } from '../hooks/use-save-settings'
import { DevicePicker } from './device-picker'
import { DeviceState } from './device-state'
import { SwitchOffDialog } from './switch-off-dialog'

interface DeviceHeaderProps {
  device: Device
  devices: readonly Device[]
  onSelect: (id: string) => void
  /** Set while the server does not answer: when the values shown were received. */
  asOf?: number
}

/** Device picker, work mode, the on/off switch and the connection and sync state. */
export function DeviceHeader({ device, devices, onSelect, asOf }: DeviceHeaderProps) {
  const { t } = useTranslation()
  const { save, isPending } = useSaveSettings()
  const hintId = useId()
  const [confirmingOff, setConfirmingOff] = useState(false)
  const setPower = (status: 'on' | 'off') => save({ id: device.id, group: 'toggle', values: { status } })
  // An off-line device keeps the owner's wish (power_set) and receives it when it reconnects.
  const offline = device.status === 'connecting'
  const shownStatus = offline ? device.power_set : device.status
  return (
    <Card>
      <CardContent>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ gap: 2, alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between' }}
        >
          <DevicePicker devices={devices} value={device.id} onChange={onSelect} />
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('dashboard.workMode')}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>
              {workModeLabel(device.work_mode, currentLanguage())}
            </Typography>
          </Box>
          <Box>
            <FormControlLabel
              label={itemStatusLabel(shownStatus, currentLanguage())}
              control={
                <Switch
                  checked={shownStatus === 'on'}
                  disabled={!canToggle(device.status) || device.access === 'viewer' || isPending}
                  onChange={(event) => (event.target.checked ? setPower('on') : setConfirmingOff(true))}
                  slotProps={{ input: { 'aria-describedby': offline ? hintId : undefined } }}
                />
              }
            />
            {offline && (
              <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', maxWidth: 280 }}>
                {t('dashboard.toggleOffline')}
              </Typography>
            )}
          </Box>
        </Stack>
        <Box sx={{ mt: 2 }}>
          <DeviceState device={device} asOf={asOf} />
        </Box>
        <SwitchOffDialog
          open={confirmingOff}
          name={device.name}
          onCancel={() => setConfirmingOff(false)}
          onConfirm={() => {
            setConfirmingOff(false)
            setPower('off')
          }}
        />
      </CardContent>
    </Card>
  )
}
