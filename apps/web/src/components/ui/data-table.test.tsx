import type { PageMeta } from '@teplo/domain'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { DataTable, type DataTableProps } from './data-table'
import { type ListParams, nextSort, useDataTableState } from './data-table-state'

interface Fruit {
  id: string
  name: string
  created_at: string
}

const rows: Fruit[] = [
  { id: '1', name: 'Груша', created_at: '01.01.25' },
  { id: '2', name: 'Слива', created_at: '02.01.25' },
]
const meta: PageMeta = { currentPage: 1, from: 1, to: 2, perPage: 5, lastPage: 1, total: 2 }

type Overrides = Partial<Omit<DataTableProps<Fruit>, 'state'>>

function Harness({ onParams, ...overrides }: Overrides & { onParams?: (params: ListParams) => void }) {
  const state = useDataTableState()
  onParams?.(state.params)
  return (
    <DataTable<Fruit>
      label="Фрукти"
      columns={[
        { key: 'name', label: 'Назва', sortable: true, render: (row) => row.name },
        { key: 'created_at', label: 'Створено', sortable: true, render: (row) => row.created_at },
        { key: 'note', label: 'Примітка', render: () => '' },
      ]}
      state={state}
      rows={rows}
      page={meta}
      loading={false}
      refreshing={false}
      failed={false}
      onRetry={vi.fn()}
      emptyText="Не знайдено"
      rowName={(row) => row.name}
      editPath={(row) => `/fruits/edit/${row.id}`}
      onDelete={vi.fn(async () => undefined)}
      {...overrides}
    />
  )
}

function renderTable(props: Parameters<typeof Harness>[0] = {}) {
  return render(
    <MemoryRouter>
      <Harness {...props} />
    </MemoryRouter>,
  )
}

const header = (name: string) => screen.getByRole('columnheader', { name })

describe('nextSort', () => {
  it('sorts a new column ascending and flips the current one', () => {
    expect(nextSort('created_at', 'name')).toBe('name')
    expect(nextSort('name', 'name')).toBe('-name')
    expect(nextSort('-name', 'name')).toBe('name')
    expect(nextSort('-name', 'created_at')).toBe('created_at')
  })
})

describe('DataTable', () => {
  it('starts sorted by creation date and toggles a column through ascending and descending', async () => {
    const user = userEvent.setup()
    const seen: string[] = []
    renderTable({ onParams: (params) => seen.push(params.sort) })

    expect(header('Створено').getAttribute('aria-sort')).toBe('ascending')
    expect(header('Назва').getAttribute('aria-sort')).toBe('none')
    expect(header('Примітка').getAttribute('aria-sort')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Назва' }))
    expect(header('Назва').getAttribute('aria-sort')).toBe('ascending')
    expect(header('Створено').getAttribute('aria-sort')).toBe('none')

    await user.click(screen.getByRole('button', { name: 'Назва' }))
    expect(header('Назва').getAttribute('aria-sort')).toBe('descending')
    expect(seen.at(-1)).toBe('-name')
    expect(seen).toContain('name')
  })

  it('shows the rows with their Edit links, the range text and the paginator', () => {
    renderTable()
    const table = screen.getByRole('table', { name: 'Фрукти' })
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(screen.getByRole('link', { name: 'Редагувати: Слива' }).getAttribute('href')).toBe(
      '/fruits/edit/2',
    )
    expect(screen.getByText('Записи 1–2 з 2')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Сторінки' })).toBeTruthy()
  })

  it('shows the empty text, the loading state and a retry after a failure', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    const { unmount } = renderTable({ rows: [] })
    expect(screen.getByText('Не знайдено')).toBeTruthy()
    unmount()

    const loading = renderTable({ rows: undefined, page: undefined, loading: true })
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true')
    expect(screen.getByText('Завантаження…')).toBeTruthy()
    loading.unmount()

    renderTable({ rows: undefined, page: undefined, failed: true, onRetry })
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }))
    expect(onRetry).toHaveBeenCalled()
  })

  it('deletes a row only after the confirmation and closes the dialog afterwards', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn(async () => undefined)
    renderTable({ onDelete })

    await user.click(screen.getByRole('button', { name: 'Видалити: Груша' }))
    await user.click(screen.getByRole('button', { name: 'Скасувати' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onDelete).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Видалити: Груша' }))
    await user.click(screen.getByRole('button', { name: 'Так, видалити' }))
    expect(onDelete).toHaveBeenCalledWith(rows[0])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('closes the dialog when the delete fails', async () => {
    const user = userEvent.setup()
    renderTable({ onDelete: vi.fn(async () => Promise.reject(new Error('refused'))) })

    await user.click(screen.getByRole('button', { name: 'Видалити: Слива' }))
    await user.click(screen.getByRole('button', { name: 'Так, видалити' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('asks for the next page and returns to page 1 after a new search', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      const seen: ListParams[] = []
      renderTable({ page: { ...meta, lastPage: 3, total: 12 }, onParams: (params) => seen.push(params) })

      await user.click(screen.getByRole('button', { name: 'Сторінка 2' }))
      expect(seen.at(-1)).toMatchObject({ page: 2, search: '' })

      await user.type(screen.getByRole('searchbox', { name: 'Пошук за назвою' }), ' сли ')
      expect(seen.at(-1)).toMatchObject({ page: 2, search: '' })
      await act(async () => vi.advanceTimersByTime(300))
      expect(seen.at(-1)).toMatchObject({ page: 1, search: 'сли' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('moves back to the last page when the current one no longer exists', async () => {
    const seen: ListParams[] = []
    const { rerender } = render(
      <MemoryRouter>
        <Harness page={{ ...meta, lastPage: 3, total: 12 }} onParams={(params) => seen.push(params)} />
      </MemoryRouter>,
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Сторінка 3' }))
    rerender(
      <MemoryRouter>
        <Harness page={{ ...meta, lastPage: 2, total: 10 }} onParams={(params) => seen.push(params)} />
      </MemoryRouter>,
    )
    await waitFor(() => expect(seen.at(-1)?.page).toBe(2))
  })
})
