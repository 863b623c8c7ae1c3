import { TermsPage } from '../../features/legal/components/terms-page'

export function TermsRoute() {
  return <TermsPage />
}
