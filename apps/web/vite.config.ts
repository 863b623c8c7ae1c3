import react from '@vitejs/plugin-react'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { serviceWorkerPlugin } from './sw/vite-plugin.ts'

/** The web's test files. */
export const WEB_TESTS = ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts']

type WebTests = Pick<
  NonNullable<TestProjectInlineConfiguration['test']>,
  'name' | 'root' | 'include' | 'exclude' | 'isolate'
>

/**
 * The web app's build and test configuration, its test files chosen by the caller: the root vitest.config.ts makes two
 * projects of it (the files sharing their worker's modules, and those that mock a module, each in its own).
 */
export function webConfig(tests: WebTests) {
  return defineConfig({
    plugins: [react(), serviceWorkerPlugin()],
    server: {
      proxy: {
        '/api': 'http://localhost:3000',
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        // packages/domain is pure by design, so screens bundle only the schemas they use.
        treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]/, sideEffects: false }] },
      },
    },
    test: {
      environment: 'happy-dom',
      ...tests,
      setupFiles: ['src/test/setup.ts'],
      // Screens rendered in happy-dom and driven by user-event take 1–3 s on a quiet machine; Vitest's 5 s default
      // failed them while other work shared the two cores. A test that hangs still fails, after 15 s.
      testTimeout: 15_000,
      hookTimeout: 15_000,
    },
  })
}

export default webConfig({ name: 'web', include: WEB_TESTS })
