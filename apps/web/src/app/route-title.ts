import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useMatches } from 'react-router'
import type uk from '../locales/uk.json'

export type RouteTitle = keyof typeof uk.routes

export interface RouteHandle {
  title: RouteTitle
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle
}

/** Title of the deepest matched route that declares one. */
export function useRouteTitle(): string | undefined {
  const { t } = useTranslation()
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)
  return handle ? t(`routes.${handle.title}`) : undefined
}

export function useDocumentTitle() {
  const { t } = useTranslation()
  const title = useRouteTitle()
  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name')
  }, [title, t])
}
