/**
 * `npm run icons`: the page icons as PNG pictures, drawn by Chromium from their SVG sources (public/favicon.svg and
 * public/media/brands/*-icon.svg), 32 pixels square, written beside them. Pages name the PNG (decision 066): Chromium
 * builds a whole document on the page's main thread for an SVG icon, 10–30 ms at every first load, and decodes a
 * small PNG in well under one. Run it again after changing an icon's SVG; the PNGs are committed.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium';

const ICON_SIZE = 32;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const brands = path.join(root, 'public', 'media', 'brands');
const sources = [
  path.join(root, 'public', 'favicon.svg'),
  ...readdirSync(brands)
    .filter((name) => name.endsWith('-icon.svg'))
    .map((name) => path.join(brands, name)),
];

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: ICON_SIZE, height: ICON_SIZE }, deviceScaleFactor: 1 });
  for (const source of sources) {
    const svg = readFileSync(source).toString('base64');
    await page.setContent(
      `<body style="margin:0"><img style="display:block" width="${ICON_SIZE}" height="${ICON_SIZE}" src="data:image/svg+xml;base64,${svg}"></body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const target = source.replace(/\.svg$/, '.png');
    writeFileSync(target, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: ICON_SIZE, height: ICON_SIZE } }));
    console.log(path.relative(root, target));
  }
} finally {
  await browser.close();
}
