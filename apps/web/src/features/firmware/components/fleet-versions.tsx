import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import type { FirmwareDevice } from '../api/get-firmware-devices'
import { UpdateStateChip } from './update-state-chip'
import { VersionStatus } from './version-status'

/** Every device's firmware beside the newest of its type. */
export function FleetVersions({
  devices,
  typeName,
}: {
  devices: FirmwareDevice[]
  typeName: (id: string) => string
}) {
  const { t } = useTranslation()
  if (devices.length === 0) return <Typography>{t('firmware.fleet.empty')}</Typography>
  // The scrolling box is a named group, not a region: the section around it is the landmark of that name.
  return (
    <TableContainer role="group" aria-label={t('firmware.fleet.title')} tabIndex={0}>
      <Table size="small" aria-label={t('firmware.fleet.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('firmware.device')}</TableCell>
            <TableCell>{t('firmware.serial')}</TableCell>
            <TableCell>{t('firmware.deviceType')}</TableCell>
            <TableCell>{t('firmware.fleet.installed')}</TableCell>
            <TableCell>{t('firmware.fleet.latest')}</TableCell>
            <TableCell>{t('firmware.fleet.status')}</TableCell>
            <TableCell>{t('firmware.fleet.lastUpdate')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {devices.map((device) => (
            <TableRow key={device.id} data-serial={device.attributes.serial_number}>
              <TableCell>{device.attributes.name}</TableCell>
              <TableCell>{device.attributes.serial_number}</TableCell>
              <TableCell>{typeName(device.relationships.category.data.id)}</TableCell>
              <TableCell>{device.attributes.firmware_version ?? t('firmware.unknownVersion')}</TableCell>
              <TableCell>{device.attributes.latest_version ?? '—'}</TableCell>
              <TableCell>
                <VersionStatus device={device.attributes} />
              </TableCell>
              <TableCell>
                {device.attributes.update ? (
                  <span>
                    {device.attributes.update.version}{' '}
                    <UpdateStateChip
                      state={device.attributes.update.state}
                      progress={device.attributes.update.progress}
                    />
                  </span>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
