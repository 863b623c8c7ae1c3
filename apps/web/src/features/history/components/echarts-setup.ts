// The only module that loads ECharts: core, the SVG renderer and the pieces the history chart uses, so the
// bundle holds nothing else of it. It is imported by the history section, which the dashboard loads lazily.
import { BarChart, CustomChart, LineChart, ScatterChart } from 'echarts/charts'
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  TooltipComponent,
} from 'echarts/components'
import * as echarts from 'echarts/core'
import langUK from 'echarts/lib/i18n/langUK.js'
import { SVGRenderer } from 'echarts/renderers'

echarts.use([
  BarChart,
  CustomChart,
  LineChart,
  ScatterChart,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  TooltipComponent,
  SVGRenderer,
])
echarts.registerLocale('UK', langUK as Parameters<typeof echarts.registerLocale>[1])

export { echarts }
