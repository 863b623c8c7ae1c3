import type { SvgIconComponent } from '@mui/icons-material'
import CategoryRounded from '@mui/icons-material/CategoryRounded'
import DevicesOtherRounded from '@mui/icons-material/DevicesOtherRounded'
import HandymanRounded from '@mui/icons-material/HandymanRounded'
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded'
import HomeRounded from '@mui/icons-material/HomeRounded'
import LanOutlined from '@mui/icons-material/LanOutlined'
import PeopleAltRounded from '@mui/icons-material/PeopleAltRounded'
import ReportProblemRounded from '@mui/icons-material/ReportProblemRounded'
import SecurityRounded from '@mui/icons-material/SecurityRounded'
import SystemUpdateAltRounded from '@mui/icons-material/SystemUpdateAltRounded'
import type { RoleName } from '@teplo/domain'

export type MenuLabel =
  | 'dashboards'
  | 'itemErrors'
  | 'items'
  | 'fleet'
  | 'categories'
  | 'service'
  | 'update'
  | 'users'
  | 'roles'
  | 'faq'

export interface MenuEntry {
  to: string
  label: MenuLabel
  Icon: SvgIconComponent
  /** Who may open it (spec §6); absent: every signed-in user. */
  roles?: readonly RoleName[]
  /** Shown to a visitor who is not signed in. */
  public?: boolean
}

/**
 * The side menu: the six entries of spec §2 in their order, with the screens the specification reaches only by
 * address (device errors, device types, roles) beside the entries they belong to. Each shows only to the roles
 * whose guard lets them in, so no entry leads a user back home.
 */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { to: '/dashboards', label: 'dashboards', Icon: HomeRounded },
  { to: '/items/errors', label: 'itemErrors', Icon: ReportProblemRounded },
  { to: '/items', label: 'items', Icon: DevicesOtherRounded, roles: ['admin', 'creator'] },
  // The installer's fleet: every boiler they service, what needs attention first (ADR 018).
  { to: '/fleet', label: 'fleet', Icon: LanOutlined, roles: ['admin', 'creator'] },
  { to: '/categories/list', label: 'categories', Icon: CategoryRounded, roles: ['admin', 'creator'] },
  { to: '/service', label: 'service', Icon: HandymanRounded },
  { to: '/update', label: 'update', Icon: SystemUpdateAltRounded },
  { to: '/users', label: 'users', Icon: PeopleAltRounded, roles: ['admin'] },
  { to: '/roles/list', label: 'roles', Icon: SecurityRounded, roles: ['admin'] },
  { to: '/pages/faq', label: 'faq', Icon: HelpOutlineRounded, public: true },
]

/** The entries a user with `role` may open; `null`: not signed in. */
export function menuEntriesFor(role: RoleName | null): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) =>
    role === null ? entry.public === true : !entry.roles || entry.roles.includes(role),
  )
}
