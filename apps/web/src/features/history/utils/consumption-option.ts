import type { ConsumptionPeriod } from '@teplo/domain'
import { intlLocale } from '../../../lib/i18n'
import type { Consumption } from '../api/fuel'
import { axisStyle, type ChartColours, LIGHT_CHART_COLOURS, tooltipStyle } from './chart-colours'
import { formatAmount } from './fuel-format'
import { KYIV_TIME_ZONE } from './ranges'

export interface ConsumptionLabels {
  fuel: string
  kilograms: string
  kwh: string
  uah: string
  partial: string
  noData: string
}

const LABEL_FORMAT: Record<ConsumptionPeriod, Intl.DateTimeFormatOptions> = {
  day: { weekday: 'short', day: '2-digit', month: '2-digit' },
  week: { day: '2-digit', month: '2-digit' },
  month: { month: 'short', year: 'numeric' },
}

/** The bar's label: the day, the week's first day, or the month, on Kyiv's calendar. */
export function periodLabel(start: string, period: ConsumptionPeriod): string {
  return new Intl.DateTimeFormat(intlLocale(), { ...LABEL_FORMAT[period], timeZone: KYIV_TIME_ZONE }).format(
    new Date(start),
  )
}

/**
 * Fuel burned per period as bars. A period only partly covered by readings is drawn lighter and says so: its
 * figure is a lower bound, and a period without any readings has no bar rather than a zero.
 */
export function consumptionChartOption(
  consumption: Consumption,
  labels: ConsumptionLabels,
  colours: ChartColours = LIGHT_CHART_COLOURS,
) {
  const periods = consumption.periods
  const axis = axisStyle(colours)
  return {
    animation: false,
    textStyle: { color: colours.text },
    grid: { left: 44, right: 12, top: 24, bottom: 36 },
    xAxis: {
      type: 'category' as const,
      data: periods.map((entry) => periodLabel(entry.start, consumption.period)),
      ...axis,
      axisLabel: { ...axis.axisLabel, hideOverlap: true },
    },
    yAxis: { type: 'value' as const, name: labels.kilograms, min: 0, ...axis },
    tooltip: {
      trigger: 'axis' as const,
      confine: true,
      ...tooltipStyle(colours),
      formatter: (params: unknown) => {
        const index = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined
        const entry = index?.dataIndex === undefined ? undefined : periods[index.dataIndex]
        if (!entry) return ''
        const rows = [periodLabel(entry.start, consumption.period)]
        if (entry.coverage === 0) rows.push(labels.noData)
        else {
          rows.push(`${labels.fuel}: ${formatAmount(entry.fuel_kg)} ${labels.kilograms}`)
          rows.push(`${formatAmount(entry.energy_kwh, 0)} ${labels.kwh}`)
          if (entry.cost !== null) rows.push(`${formatAmount(entry.cost, 0)} ${labels.uah}`)
          if (entry.coverage < 0.999)
            rows.push(labels.partial.replace('{{percent}}', String(Math.round(entry.coverage * 100))))
        }
        return rows.join('<br/>')
      },
    },
    series: [
      {
        id: 'fuel',
        name: labels.fuel,
        type: 'bar' as const,
        data: periods.map((entry) =>
          entry.coverage === 0
            ? null
            : {
                value: Math.round(entry.fuel_kg * 10) / 10,
                itemStyle: { color: entry.coverage < 0.999 ? colours.fuelPartial : colours.fuelFull },
              },
        ),
        barMaxWidth: 32,
      },
    ],
  }
}
