import { useLocation } from 'react-router'
import { PlaceholderPage } from '../../components/ui/placeholder-page'
import { useRouteTitle } from '../route-title'

export function PlaceholderRoute() {
  const title = useRouteTitle()
  const { pathname } = useLocation()
  return <PlaceholderPage title={title ?? ''} showHomeLink={pathname !== '/dashboards'} />
}
