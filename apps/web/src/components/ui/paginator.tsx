import ChevronLeft from '@mui/icons-material/ChevronLeft'
import ChevronRight from '@mui/icons-material/ChevronRight'
import FirstPage from '@mui/icons-material/FirstPage'
import LastPage from '@mui/icons-material/LastPage'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import { LIMITS } from '@teplo/domain'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** Page numbers to show: at most `max`, the current one as central as the ends allow. */
export function pageWindow(current: number, lastPage: number, max: number = LIMITS.maxPageNumbers): number[] {
  const last = Math.max(1, lastPage)
  const page = Math.min(Math.max(1, current), last)
  const count = Math.min(max, last)
  const start = Math.min(Math.max(1, page - Math.floor((count - 1) / 2)), last - count + 1)
  return Array.from({ length: count }, (_, index) => start + index)
}

interface PaginatorProps {
  page: number
  lastPage: number
  onPageChange: (page: number) => void
}

/** First, previous, up to five page numbers, next and last (spec §9). */
export function Paginator({ page, lastPage, onPageChange }: PaginatorProps) {
  const { t } = useTranslation()
  const atStart = page <= 1
  const atEnd = page >= lastPage

  const step = (label: string, target: number, disabled: boolean, icon: ReactNode) => (
    <IconButton size="small" aria-label={label} disabled={disabled} onClick={() => onPageChange(target)}>
      {icon}
    </IconButton>
  )

  return (
    <Stack
      component="nav"
      aria-label={t('table.pages')}
      direction="row"
      sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}
    >
      {step(t('table.first'), 1, atStart, <FirstPage />)}
      {step(t('table.prev'), page - 1, atStart, <ChevronLeft />)}
      {pageWindow(page, lastPage).map((number) => {
        const current = number === page
        return (
          <Button
            key={number}
            size="small"
            variant={current ? 'contained' : 'text'}
            color={current ? 'info' : 'inherit'}
            aria-label={t('table.page', { page: number })}
            aria-current={current ? 'page' : undefined}
            onClick={() => !current && onPageChange(number)}
            sx={{ minWidth: 36, px: 1 }}
          >
            {number}
          </Button>
        )
      })}
      {step(t('table.next'), page + 1, atEnd, <ChevronRight />)}
      {step(t('table.last'), lastPage, atEnd, <LastPage />)}
    </Stack>
  )
}
