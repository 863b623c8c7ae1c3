import { describe, expect, it } from 'vitest'
import { itemCreateSchema, itemManageSchema } from './items'
import { issuesOf } from './test-issues'

describe('itemCreateSchema', () => {
  it('fills the default name and normalises serial number and category', () => {
    expect(itemCreateSchema.parse({ owner: 'Іван', serial_number: 104233, category_id: 3 })).toEqual({
      name: 'Пристрій 1',
      owner: 'Іван',
      serial_number: '104233',
      description: '',
      category_id: '3',
    })
  })

  it('keeps a serial number typed as digits, leading zeros included', () => {
    const item = itemCreateSchema.parse({ owner: 'Іван', serial_number: ' 0042 ', category_id: '1' })
    expect(item.serial_number).toBe('0042')
  })

  it.each([0, -5, 1.5, '0', '000', '12a', '', null])('rejects the serial number %j', (serial_number) => {
    expect(issuesOf(itemCreateSchema, { owner: 'Іван', serial_number, category_id: '1' })).toEqual({
      serial_number: ['Будь ласка, введіть коректний серійний номер'],
    })
  })

  it('asks for the device type', () => {
    for (const category_id of [undefined, '', null, 0]) {
      expect(issuesOf(itemCreateSchema, { owner: 'Іван', serial_number: '1', category_id })).toEqual({
        category_id: ['Будь ласка, виберіть тип пристрою'],
      })
    }
  })
})

describe('itemManageSchema', () => {
  it('accepts any subset of the editable fields', () => {
    expect(itemManageSchema.parse({})).toEqual({})
    expect(itemManageSchema.parse({ is_on_homepage: false, status: 'off', category_id: 2 })).toEqual({
      is_on_homepage: false,
      status: 'off',
      category_id: '2',
    })
  })

  it('knows only the five statuses', () => {
    for (const status of ['on', 'off', 'archive', 'pending', 'connecting']) {
      expect(itemManageSchema.safeParse({ status }).success).toBe(true)
    }
    expect(issuesOf(itemManageSchema, { status: 'deleted' })).toEqual({
      status: ['Невідомий статус пристрою'],
    })
  })

  it('rejects a blank name', () => {
    expect(issuesOf(itemManageSchema, { name: ' ' })).toEqual({ name: ['Введіть назву пристрою'] })
  })
})
