// The only module that loads ECharts: core, the SVG renderer and the pieces the charts use (history, fuel, the
// pellet forecast), so the bundle holds nothing else of it. Imported only by lazily loaded sections.
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
