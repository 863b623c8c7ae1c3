import type { RoleName } from './roles'

export interface DemoAccount {
  role: RoleName
  name: string
  email: string
  password: string
}

export const DEMO_ADMIN: DemoAccount = {
  role: 'admin',
  name: 'Адміністратор',
  email: 'admin@teplo.demo',
  password: 'teplo-admin',
}

/** Seeded on a fresh database so every role can be tried straight away. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  DEMO_ADMIN,
  { role: 'creator', name: 'Монтажник', email: 'creator@teplo.demo', password: 'teplo-creator' },
  { role: 'user', name: 'Власник котла', email: 'user@teplo.demo', password: 'teplo-user' },
]
