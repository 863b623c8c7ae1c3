import { useLocation } from 'react-router'
import {
  type UnbuiltSection,
  UnderConstructionPage,
} from '../../features/templates/components/under-construction-page'
import { useRouteTitle } from '../route-title'

export function UnderConstructionRoute() {
  const title = useRouteTitle() ?? ''
  const section: UnbuiltSection = useLocation().pathname.startsWith('/service') ? 'service' : 'update'
  return <UnderConstructionPage title={title} section={section} />
}
