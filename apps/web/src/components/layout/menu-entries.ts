import type { SvgIconComponent } from '@mui/icons-material'
import DevicesOtherRounded from '@mui/icons-material/DevicesOtherRounded'
import HandymanRounded from '@mui/icons-material/HandymanRounded'
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded'
import HomeRounded from '@mui/icons-material/HomeRounded'
import PeopleAltRounded from '@mui/icons-material/PeopleAltRounded'
import SystemUpdateAltRounded from '@mui/icons-material/SystemUpdateAltRounded'

export interface MenuEntry {
  to: string
  label: 'dashboards' | 'items' | 'service' | 'update' | 'users' | 'faq'
  Icon: SvgIconComponent
}

/** The six side-menu entries of spec §2, in order. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { to: '/dashboards', label: 'dashboards', Icon: HomeRounded },
  { to: '/items', label: 'items', Icon: DevicesOtherRounded },
  { to: '/service', label: 'service', Icon: HandymanRounded },
  { to: '/update', label: 'update', Icon: SystemUpdateAltRounded },
  { to: '/users', label: 'users', Icon: PeopleAltRounded },
  { to: '/pages/faq', label: 'faq', Icon: HelpOutlineRounded },
]
