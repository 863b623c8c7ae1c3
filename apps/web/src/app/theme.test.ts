import { getContrastRatio } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { palettes } from './theme'

const STATUSES = ['primary', 'info', 'success', 'error', 'warning'] as const

describe('the colour schemes', () => {
  for (const [scheme, palette] of Object.entries(palettes)) {
    const surfaces = [palette.background.paper, palette.background.default]
    for (const status of STATUSES) {
      it(`${scheme}: ${status} as text on the surfaces and its contrast text on it stay above 4.5:1`, () => {
        // Every status colour is set in both schemes (the type says so): MUI's defaults, an orange warning at
        // 3.2:1, never leak in.
        const colour = palette[status]
        for (const surface of surfaces) {
          expect(
            getContrastRatio(colour.main, surface),
            `${colour.main} on ${surface}`,
          ).toBeGreaterThanOrEqual(4.5)
        }
        expect(getContrastRatio(colour.contrastText, colour.main)).toBeGreaterThanOrEqual(4.5)
      })
    }
    it(`${scheme}: the tints' text on their fills and on the paper stay above 4.5:1`, () => {
      const { tint } = palette
      for (const kind of ['success', 'warning', 'error', 'neutral', 'info', 'accent'] as const) {
        const text = tint[`${kind}Text`]
        expect(getContrastRatio(text, tint[`${kind}Bg`]), kind).toBeGreaterThanOrEqual(4.5)
        expect(getContrastRatio(text, palette.background.paper), `${kind} on paper`).toBeGreaterThanOrEqual(
          4.5,
        )
      }
    })
  }
})
