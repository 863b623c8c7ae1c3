import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import './firmware-strings'
import { UploadFirmwareForm } from './upload-firmware-form'

const TYPES = [
  { id: '1', name: 'Пелетний котел' },
  { id: '2', name: 'Пелетний пальник' },
]

describe('UploadFirmwareForm', () => {
  it('sends the form as multipart and shows a refused version under its field', async () => {
    const calls = stubFetch(() => ({
      status: 409,
      body: {
        errors: [
          {
            status: '409',
            title: 'Conflict',
            detail: 'Версія 1.5.0 для цього типу пристроїв вже завантажена.',
            source: { pointer: '/data/attributes/version' },
          },
        ],
      },
    }))
    renderRoutes([{ path: '/', element: <UploadFirmwareForm deviceTypes={TYPES} /> }], '/')
    fireEvent.change(await screen.findByLabelText('Тип пристрою'), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText('Версія'), { target: { value: '1.5.0' } })
    const file = new File([new Uint8Array([0x7e, 1, 2, 3])], 'burner.bin', {
      type: 'application/octet-stream',
    })
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [file] } })
    expect(screen.getByText('burner.bin')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Завантажити' }))

    expect(await screen.findByText('Версія 1.5.0 для цього типу пристроїв вже завантажена.')).toBeTruthy()
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v2/firmware' })
  })

  it('asks for a file before sending anything', async () => {
    const calls = stubFetch(() => ({ status: 500 }))
    renderRoutes([{ path: '/', element: <UploadFirmwareForm deviceTypes={TYPES} /> }], '/')
    fireEvent.click(await screen.findByRole('button', { name: 'Завантажити' }))
    expect(screen.getAllByText('Файл не обрано').length).toBeGreaterThan(0)
    expect(calls).toHaveLength(0)
  })
})
