/**
 * Which demo boilers' past is still being drawn on this instance (the fill runs in the background after a first
 * start): their history answers say so (`demo_filling`), and the history screen reads again until it is done.
 */
export class DemoHistoryProgress {
  private readonly filling = new Set<number>()

  begin(itemIds: Iterable<number>): void {
    for (const id of itemIds) this.filling.add(id)
  }

  done(itemId: number): void {
    this.filling.delete(itemId)
  }

  isFilling(itemId: number): boolean {
    return this.filling.has(itemId)
  }
}
