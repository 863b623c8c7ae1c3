// ECharts ships its Ukrainian locale as a plain module without types.
declare module 'echarts/lib/i18n/langUK.js' {
  const locale: Record<string, unknown>
  export default locale
}
