import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { serviceWorkerPlugin } from './sw/vite-plugin.ts'

export default defineConfig({
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
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Screens rendered in happy-dom and driven by user-event take 1–3 s on a quiet machine; Vitest's 5 s default
    // failed them while other work shared the two cores. A test that hangs still fails, after 15 s.
    testTimeout: 15_000,
    hookTimeout: 15_000,
  },
})
