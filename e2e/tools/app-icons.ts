/**
 * Draws the installable app's icons (apps/web/public/icons) from the favicon's flame with the machine's
 * Chromium, so the PNGs match the SVG exactly. Run after changing the mark: `npx tsx e2e/tools/app-icons.ts`;
 * the PNGs are committed, so builds need no browser.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

const out = fileURLToPath(new URL('../../apps/web/public/icons/', import.meta.url))
const FLAME = 'M16 5c1 4 6 7 6 13a6 6 0 0 1-12 0c0-3 1.5-5 3-6.5 0 2 1 3.5 2.5 4C15 12 14 8.5 16 5z'
const EMBER = '#c2410c'

// The flame spans x 10–22, y 5–24 of the 32-unit favicon; each icon scales it about its middle.
const flame = (scale: number, fill = '#fff') =>
  `<path fill="${fill}" transform="translate(16 16) scale(${scale}) translate(-16 -14.5)" d="${FLAME}"/>`

const ICONS: { file: string; size: number; svg: string }[] = [
  // "any": the favicon's rounded tile.
  {
    file: 'icon-192.png',
    size: 192,
    svg: `<rect width="32" height="32" rx="7" fill="${EMBER}"/>${flame(1.05)}`,
  },
  {
    file: 'icon-512.png',
    size: 512,
    svg: `<rect width="32" height="32" rx="7" fill="${EMBER}"/>${flame(1.05)}`,
  },
  // "maskable": full bleed, the flame inside the central safe circle (40 % radius) whatever mask is applied.
  {
    file: 'icon-maskable-512.png',
    size: 512,
    svg: `<rect width="32" height="32" fill="${EMBER}"/>${flame(0.8)}`,
  },
  // iOS rounds the corners itself.
  {
    file: 'apple-touch-icon.png',
    size: 180,
    svg: `<rect width="32" height="32" fill="${EMBER}"/>${flame(0.95)}`,
  },
  // Android's status-bar badge: only the alpha channel counts.
  { file: 'badge-96.png', size: 96, svg: flame(1.5) },
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage()
  fs.mkdirSync(out, { recursive: true })
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size })
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${icon.size}" height="${icon.size}">${icon.svg}</svg>`
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`)
    await page.screenshot({
      path: path.join(out, icon.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    })
    console.log(`${icon.file} ${icon.size}×${icon.size}`)
  }
} finally {
  await browser.close()
}
