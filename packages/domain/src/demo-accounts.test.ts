import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, DEMO_ADMIN } from './demo-accounts'
import { MIN_PASSWORD_LENGTH } from './limits'

describe('DEMO_ACCOUNTS', () => {
  it('has one account per role', () => {
    expect(DEMO_ACCOUNTS.map((account) => account.role)).toEqual(['admin', 'creator', 'user'])
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual([
      'admin@teplo.demo',
      'creator@teplo.demo',
      'user@teplo.demo',
    ])
    expect(DEMO_ACCOUNTS.map((account) => account.name)).toEqual([
      'Адміністратор',
      'Монтажник',
      'Власник котла',
    ])
  })

  it('uses passwords the password rules accept', () => {
    for (const account of DEMO_ACCOUNTS)
      expect(account.password.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH)
    expect(DEMO_ACCOUNTS.map((account) => account.password)).toEqual([
      'teplo-admin',
      'teplo-creator',
      'teplo-user',
    ])
  })

  it('exposes the administrator separately', () => {
    expect(DEMO_ADMIN).toEqual({
      role: 'admin',
      name: 'Адміністратор',
      email: 'admin@teplo.demo',
      password: 'teplo-admin',
    })
  })
})
