import { useColorScheme } from '@mui/material/styles'
import { type ChartColours, chartColours } from '../utils/chart-colours'

/** The charts' colours of the scheme on screen; a change of scheme gives new colours, and the charts redraw. */
export function useChartColours(): ChartColours {
  const { colorScheme } = useColorScheme()
  return chartColours(colorScheme === 'dark' ? 'dark' : 'light')
}
