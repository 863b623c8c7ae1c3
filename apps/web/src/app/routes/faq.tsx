import { FaqPage } from '../../features/help/components/faq-page'

export function FaqRoute() {
  return <FaqPage />
}
