/** Cache keys of the history section. */
export const historyKeys = {
  all: ['history'] as const,
  item: (itemId: string) => [...historyKeys.all, itemId] as const,
  range: (itemId: string, from: string, to: string) =>
    [...historyKeys.item(itemId), 'range', from, to] as const,
  consumption: (itemId: string, from: string, to: string, period: string) =>
    [...historyKeys.item(itemId), 'consumption', from, to, period] as const,
  fuel: (itemId: string) => [...historyKeys.item(itemId), 'fuel'] as const,
}
