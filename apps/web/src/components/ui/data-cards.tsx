import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import EditRounded from '@mui/icons-material/EditRounded'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import type { Column } from './data-column'
import { SelectField } from './select-field'

interface DataCardsProps<Row extends { id: string }> {
  label: string
  columns: Column<Row>[]
  rows: Row[]
  rowName: (row: Row) => string
  editPath: (row: Row) => string
  onDelete: (row: Row) => void
}

/**
 * A list's rows as stacked cards on a phone: the first column as the title, the others as label and value,
 * Edit and Delete as labelled buttons within the screen.
 */
export function DataCards<Row extends { id: string }>(props: DataCardsProps<Row>) {
  const { t } = useTranslation()
  const [title, ...facts] = props.columns
  return (
    <Stack component="ul" aria-label={props.label} spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {props.rows.map((row) => (
        <Card component="li" key={row.id} variant="outlined">
          <CardContent sx={{ pb: 0 }}>
            {title && (
              <Typography component="h2" variant="h3" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                {title.render(row)}
              </Typography>
            )}
            <Stack component="dl" sx={{ m: 0 }} spacing={0.5}>
              {facts.map((column) => (
                <Stack key={column.key} direction="row" sx={{ justifyContent: 'space-between', gap: 1.5 }}>
                  <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
                    {column.label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere', minWidth: 0 }}
                  >
                    {column.render(row)}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
            <Button
              component={RouterLink}
              to={props.editPath(row)}
              aria-label={t('table.edit', { name: props.rowName(row) })}
              color="info"
              startIcon={<EditRounded />}
            >
              {t('table.editShort')}
            </Button>
            <Button
              aria-label={t('table.delete', { name: props.rowName(row) })}
              color="error"
              startIcon={<DeleteOutlineRounded />}
              onClick={() => props.onDelete(row)}
            >
              {t('table.deleteShort')}
            </Button>
          </CardActions>
        </Card>
      ))}
    </Stack>
  )
}

interface SortSelectProps<Row> {
  columns: Column<Row>[]
  sort: string
  onSort: (sort: string) => void
}

/** The column headers' sorting, as one select where there are no headers. */
export function SortSelect<Row>({ columns, sort, onSort }: SortSelectProps<Row>) {
  const { t } = useTranslation()
  const options = columns
    .filter((column) => column.sortable)
    .flatMap((column) => [
      { value: column.key, label: t('table.sortAscending', { column: column.label }) },
      { value: `-${column.key}`, label: t('table.sortDescending', { column: column.label }) },
    ])
  if (options.length === 0) return null
  return (
    <SelectField
      label={t('table.sort')}
      value={options.some((option) => option.value === sort) ? sort : ''}
      placeholder={t('table.sortNone')}
      options={options}
      onChange={onSort}
    />
  )
}
