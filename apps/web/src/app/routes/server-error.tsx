import { ServerErrorPage } from '../../features/templates/components/server-error-page'

export function ServerErrorRoute() {
  return <ServerErrorPage />
}
