import { expect, type Page } from '@playwright/test'

/**
 * What sticks out sideways: the page's own scroll width against its width, and every shown element whose box
 * leaves the viewport (a table scrolling inside its own box is fine, the page must not scroll).
 */
export async function widthProblems(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    const width = root.clientWidth
    const clipped = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const { overflowX } = getComputedStyle(parent)
        if (overflowX !== 'visible') return true
      }
      return false
    }
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : ''
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''
      const box = element.getBoundingClientRect()
      return `${element.tagName.toLowerCase()}${id} «${name}» ${Math.round(box.left)}–${Math.round(box.right)}`
    }
    const outside: Element[] = []
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.getClientRects().length === 0) continue
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      if (box.left >= -0.5 && box.right <= width + 0.5) continue
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.position === 'fixed' || clipped(element)) continue
      // Only the outermost element that sticks out: its children would repeat it.
      if (outside.some((parent) => parent.contains(element))) continue
      outside.push(element)
    }
    // A field's label cut off with an ellipsis: its name can no longer be read.
    const cut = Array.from(document.body.querySelectorAll('label'))
      .filter((label) => label.getClientRects().length > 0 && label.scrollWidth > label.clientWidth + 1)
      .map((label) => `label «${label.textContent?.trim()}»`)
    return { scroll: root.scrollWidth, client: width, outside: outside.map(describe), cut }
  })
}

/** The screen holds at its width: no horizontal scrolling, no element beyond the edges, no label cut off (soft: every screen is told). */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scroll, client, outside, cut } = await widthProblems(page)
  expect.soft(cut, `${label}: labels cut off`).toEqual([])
  expect.soft(outside, `${label}: elements beyond the screen's edge`).toEqual([])
  expect.soft(scroll, `${label}: horizontal scrolling`).toBeLessThanOrEqual(client)
}
