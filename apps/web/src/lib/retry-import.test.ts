import { describe, expect, it, vi } from 'vitest'
import { isChunkLoadError, retryImport } from './retry-import'

describe('retryImport', () => {
  it('answers the first load that succeeds', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /a.js'))
      .mockResolvedValueOnce('module')
    await expect(retryImport(load, [0, 0])).resolves.toBe('module')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('gives up after the last try with the last error', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(retryImport(load, [0, 0])).rejects.toThrow('Failed to fetch')
    expect(load).toHaveBeenCalledTimes(3)
  })
})

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages for a chunk that could not be fetched', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true)
    expect(
      isChunkLoadError(
        new Error('could not load', {
          cause: new TypeError('Failed to fetch dynamically imported module: /b.js'),
        }),
      ),
    ).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
    expect(isChunkLoadError('Loading chunk failed')).toBe(false)
  })
})
