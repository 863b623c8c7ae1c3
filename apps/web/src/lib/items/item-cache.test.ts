import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { storeDevice } from './item-cache'
import { type Device, toDevice } from './item-document'
import { boilerCategory, itemResource } from './item-fixtures.test-data'
import { itemKeys } from './item-keys'

const withType = (id: string, attributes = {}) => toDevice(itemResource(id, attributes), [boilerCategory])
const withoutType = (id: string, attributes = {}) => toDevice(itemResource(id, attributes))

describe('storeDevice', () => {
  it('updates the device in its own entry and in every list holding it, keeping the known type', () => {
    const client = new QueryClient()
    client.setQueryData(itemKeys.detail('1'), withType('1'))
    client.setQueryData(itemKeys.list({ userId: '9', noCache: true }), [withType('1'), withType('2')])
    client.setQueryData(itemKeys.list({ sort: 'name' }), [withType('2')])

    storeDevice(client, withoutType('1', { status: 'on', heater_temp: 71 }))

    const detail = client.getQueryData<Device>(itemKeys.detail('1'))
    expect(detail).toMatchObject({ status: 'on', heater_temp: 71, category: { name: 'Пелетний котел' } })
    const [first, second] = client.getQueryData<Device[]>(itemKeys.list({ userId: '9', noCache: true }))!
    expect(first).toMatchObject({ status: 'on', heater_temp: 71, category: { name: 'Пелетний котел' } })
    expect(second?.status).toBe('connecting')
    expect(client.getQueryData<Device[]>(itemKeys.list({ sort: 'name' }))?.map((d) => d.id)).toEqual(['2'])
  })

  it('creates no entry for a device no screen has read', () => {
    const client = new QueryClient()
    storeDevice(client, withoutType('5'))
    expect(client.getQueryData(itemKeys.detail('5'))).toBeUndefined()
  })
})
