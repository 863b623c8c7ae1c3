import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import EditRounded from '@mui/icons-material/EditRounded'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import { useTheme } from '@mui/material/styles'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { PageMeta } from '@teplo/domain'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { ConfirmDialog } from './confirm-dialog'
import { DataCards, SortSelect } from './data-cards'
import type { Column } from './data-column'
import { type DataTableState, nextSort, sortDirection } from './data-table-state'
import { PageSizeSelect } from './page-size-select'
import { Paginator } from './paginator'
import { SearchField } from './search-field'

export interface DataTableProps<Row extends { id: string }> {
  /** Accessible name of the table, e.g. 'Список ролей'. */
  label: string
  columns: Column<Row>[]
  state: DataTableState
  rows: Row[] | undefined
  page: PageMeta | undefined
  /** Nothing to show yet (first load). */
  loading: boolean
  /** A new page, sort or search is on its way while the previous rows stay visible. */
  refreshing: boolean
  failed: boolean
  onRetry: () => void
  emptyText: string
  /** The search box's label when it searches more than the name. */
  searchLabel?: string
  /** Short name of a row for the labels of its actions. */
  rowName: (row: Row) => string
  editPath: (row: Row) => string
  /** Deletes after the confirmation; the caller reports the outcome, the dialog closes either way. */
  onDelete: (row: Row) => Promise<unknown>
}

/**
 * Searchable, server-sorted, server-paged table with Edit and Delete per row (spec §2 Lists); on a phone the
 * rows are stacked cards and the sorting a select, so nothing lies beyond the screen's edge.
 */
export function DataTable<Row extends { id: string }>(props: DataTableProps<Row>) {
  const { columns, state, rows, page, loading, refreshing, failed, emptyText } = props
  const { t } = useTranslation()
  const [pendingDelete, setPendingDelete] = useState<Row | null>(null)
  const [deleting, setDeleting] = useState(false)
  const { params, setPage } = state
  const span = columns.length + 1
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))

  // After a delete empties the last page, show the new last page instead of an empty one.
  useEffect(() => {
    if (page && page.total > 0 && params.page > page.lastPage) setPage(page.lastPage)
  }, [page, params.page, setPage])

  const confirmDelete = async () => {
    if (!pendingDelete) return
    setDeleting(true)
    try {
      await props.onDelete(pendingDelete)
    } catch {
      // The caller has already told the user why.
    } finally {
      setDeleting(false)
      setPendingDelete(null)
    }
  }

  let status: ReactNode = null
  if (loading) {
    status = (
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden />
        <span>{t('table.loading')}</span>
      </Stack>
    )
  } else if (failed && !rows) {
    status = (
      <Stack spacing={1} sx={{ alignItems: 'center' }}>
        <span>{t('errors.generic')}</span>
        <Button onClick={props.onRetry} size="small" variant="outlined">
          {t('table.retry')}
        </Button>
      </Stack>
    )
  } else if (!rows || rows.length === 0) {
    status = emptyText
  }

  let list: ReactNode
  if (phone) {
    list =
      status !== null || !rows ? (
        <Box
          role="status"
          aria-label={props.label}
          sx={{
            py: 4,
            textAlign: 'center',
            color: 'text.secondary',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {status}
        </Box>
      ) : (
        <DataCards
          label={props.label}
          columns={columns}
          rows={rows}
          rowName={props.rowName}
          editPath={props.editPath}
          onDelete={setPendingDelete}
        />
      )
  } else {
    const body =
      status !== null || !rows ? (
        <TableRow>
          <TableCell colSpan={span} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
            {status}
          </TableCell>
        </TableRow>
      ) : (
        rows.map((row) => (
          <TableRow key={row.id} hover>
            {columns.map((column) => (
              <TableCell key={column.key}>{column.render(row)}</TableCell>
            ))}
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton
                component={RouterLink}
                to={props.editPath(row)}
                aria-label={t('table.edit', { name: props.rowName(row) })}
                color="info"
              >
                <EditRounded fontSize="small" />
              </IconButton>
              <IconButton
                aria-label={t('table.delete', { name: props.rowName(row) })}
                color="error"
                onClick={() => setPendingDelete(row)}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))
      )
    list = (
      <TableContainer
        role="region"
        aria-label={props.label}
        tabIndex={0}
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '&:focus-visible': { outline: '3px solid var(--mui-palette-info-main)' },
        }}
      >
        <Table size="small" aria-label={props.label} aria-busy={loading || refreshing} sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={params.sort} onSort={state.setSort} />
              ))}
              <TableCell align="right">{t('table.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
    )
  }

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2, mb: 2 }}
      >
        <SearchField
          label={props.searchLabel ?? t('table.search')}
          value={state.searchText}
          onChange={state.setSearchText}
        />
        <PageSizeSelect value={params.pageSize} onChange={state.setPageSize} />
        {phone && <SortSelect columns={columns} sort={params.sort} onSort={state.setSort} />}
      </Stack>
      <Box sx={{ height: 4 }}>
        {refreshing && !loading && <LinearProgress aria-label={t('table.loading')} />}
      </Box>
      {list}
      {page && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, mt: 2 }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            {t('table.showing', { from: page.from ?? 0, to: page.to ?? 0, total: page.total })}
          </Typography>
          <Paginator page={params.page} lastPage={page.lastPage} onPageChange={setPage} />
        </Stack>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
        subject={pendingDelete ? props.rowName(pendingDelete) : undefined}
      />
    </Box>
  )
}

interface HeaderCellProps<Row> {
  column: Column<Row>
  sort: string
  onSort: (sort: string) => void
}

function HeaderCell<Row>({ column, sort, onSort }: HeaderCellProps<Row>) {
  if (!column.sortable) return <TableCell>{column.label}</TableCell>
  const direction = sortDirection(sort, column.key)
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'
  return (
    <TableCell aria-sort={ariaSort} sx={{ whiteSpace: 'nowrap' }}>
      <TableSortLabel
        active={direction !== false}
        direction={direction || 'asc'}
        onClick={() => onSort(nextSort(sort, column.key))}
      >
        {column.label}
      </TableSortLabel>
    </TableCell>
  )
}
