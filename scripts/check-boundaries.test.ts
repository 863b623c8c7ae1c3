import { describe, expect, it } from 'vitest'
import {
  allowKey,
  brokenRule,
  checkFile,
  manifestOf,
  packageOf,
  parseAllowList,
  undeclaredRule,
} from './check-boundaries.ts'
import { importsOf } from './source-imports.ts'

describe('boundary rules', () => {
  it('reports a web feature importing another feature, with file, line and target', () => {
    const source =
      "import { x } from '../../../lib/api-client'\nimport {\n  y,\n} from '../../devices/api/get-device'\n"
    expect(checkFile('apps/web/src/features/dashboard/api/get-device.ts', source)).toEqual([
      {
        file: 'apps/web/src/features/dashboard/api/get-device.ts',
        line: 4,
        target: 'apps/web/src/features/devices/api/get-device',
        rule: 'web features/<a> imports no other feature',
      },
    ])
  })

  it('lets a feature import itself, lib/ and components/, and app/ import features', () => {
    const feature = 'apps/web/src/features/devices/components/list.tsx'
    expect(brokenRule(feature, 'apps/web/src/features/devices/api/get-devices', true)).toBeNull()
    expect(brokenRule(feature, 'apps/web/src/lib/api-client', true)).toBeNull()
    expect(brokenRule(feature, 'apps/web/src/components/ui/toast', true)).toBeNull()
    expect(brokenRule(feature, '@tanstack/react-query', false)).toBeNull()
    expect(
      brokenRule('apps/web/src/app/router.tsx', 'apps/web/src/features/devices/components/list', true),
    ).toBeNull()
  })

  it('keeps web lib/ and components/ away from features/ and app/, and features away from app/', () => {
    expect(brokenRule('apps/web/src/lib/a.ts', 'apps/web/src/features/auth/api/login', true)).toMatch(/lib/)
    expect(brokenRule('apps/web/src/components/a.tsx', 'apps/web/src/app/router', true)).toMatch(/components/)
    expect(brokenRule('apps/web/src/features/auth/a.ts', 'apps/web/src/app/router', true)).toMatch(/app/)
  })

  it('keeps server lib/ below modules/plugins/routes, and routes/ on top', () => {
    expect(
      brokenRule('apps/server/src/lib/a.ts', 'apps/server/src/modules/users/service', true),
    ).not.toBeNull()
    expect(brokenRule('apps/server/src/lib/a.ts', 'apps/server/src/plugins/app/auth', true)).not.toBeNull()
    expect(
      brokenRule('apps/server/src/modules/a/b.ts', 'apps/server/src/routes/api/items', true),
    ).not.toBeNull()
    expect(
      brokenRule('apps/server/src/plugins/app/a.ts', 'apps/server/src/routes/health', true),
    ).not.toBeNull()
    // Allowed today: modules use each other, plugins' types and errors.
    expect(
      brokenRule('apps/server/src/modules/items/a.ts', 'apps/server/src/modules/users/service', true),
    ).toBeNull()
    expect(
      brokenRule('apps/server/src/modules/roles/a.ts', 'apps/server/src/plugins/external/errors', true),
    ).toBeNull()
    expect(
      brokenRule('apps/server/src/routes/api/a.ts', 'apps/server/src/modules/items/service', true),
    ).toBeNull()
  })

  it('keeps the domain package pure', () => {
    const file = 'packages/domain/src/entities.ts'
    for (const bad of [
      'node:crypto',
      'crypto',
      'react',
      'react/jsx-runtime',
      'drizzle-orm/pg-core',
      'fastify',
    ]) {
      expect(brokenRule(file, bad, false), bad).not.toBeNull()
    }
    expect(brokenRule(file, '@fastify/static', false)).not.toBeNull()
    expect(brokenRule(file, '@teplo/simulator', false)).not.toBeNull()
    expect(brokenRule(file, 'apps/server/src/config', true)).not.toBeNull()
    expect(brokenRule(file, 'zod', false)).toBeNull()
    expect(brokenRule(file, 'packages/domain/src/limits', true)).toBeNull()
  })

  it('finds type-only, re-exported and dynamic imports but not commented ones', () => {
    const source = "import type { A } from './a'\nexport * from './b'\n// import './c'\nawait import('./d')\n"
    expect(importsOf(source)).toEqual([
      { specifier: './a', line: 1 },
      { specifier: './b', line: 2 },
      { specifier: './d', line: 4 },
    ])
  })

  it('reads the allow-list as `from -> to` entries matching what the check prints', () => {
    const allowed = parseAllowList(
      '# why\napps/web/src/features/a/x.ts -> apps/web/src/features/b/y.ts # later\n\n',
    )
    expect(
      allowed.has(allowKey({ file: 'apps/web/src/features/a/x.ts', target: 'apps/web/src/features/b/y' })),
    ).toBe(true)
    expect(() => parseAllowList('apps/web/src/features/a/x.ts')).toThrow(/from -> to/)
  })

  it('reports a package the workspace imports but does not declare', () => {
    const server = manifestOf({
      name: '@teplo/server',
      dependencies: { fastify: '^5' },
      devDependencies: { vitest: '^4' },
    })
    const source =
      "import Fastify from 'fastify'\nimport { z } from 'zod'\nimport { readFile } from 'node:fs/promises'\n"
    expect(checkFile('apps/server/src/app.ts', source, server)).toEqual([
      { file: 'apps/server/src/app.ts', line: 2, target: 'zod', rule: '@teplo/server does not declare zod' },
    ])
    expect(undeclaredRule('vitest/config', server)).toBeNull()
    expect(undeclaredRule('path', server)).toBeNull()
    expect(undeclaredRule('@teplo/domain', server)).toMatch(/does not declare @teplo\/domain/)
    expect(undeclaredRule('@teplo/domain', manifestOf({ name: '@teplo/domain' }))).toBeNull()
    expect(undeclaredRule('pg', manifestOf({ devDependencies: { '@types/pg': '^8' } }))).toBeNull()
    expect(packageOf('@mui/material/Button')).toBe('@mui/material')
    expect(packageOf('node:fs')).toBeNull()
  })
})
