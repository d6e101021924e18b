/**
 * Writes the demo content's images (public/media/content/*.svg) from the seed's lists: one per content, amenity,
 * directory company and utility button. Deterministic (colours come from the seed or from a hash of the name), so
 * running it again rewrites the same files; nothing is fetched. Run with `npx tsx scripts/contentMedia.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { amenityCategories, directoryCompanies, seedContents, slug, utilityButtons } from '../server/db/seedContent.js';

const out = path.join('public', 'media', 'content');
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const hueOf = (s: string) => [...s].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);
const initials = (name: string) =>
  name
    .split(/[\s&-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A 648x416 picture: a gradient, a few circles placed from the hue, and a caption. */
function picture(caption: string, hue: number) {
  const circles = [0, 1, 2]
    .map((i) => {
      const x = (hue * (i + 3) * 7) % 648;
      const y = (hue * (i + 5) * 3) % 416;
      return `<circle cx="${x}" cy="${y}" r="${90 + i * 40}" fill="hsl(${(hue + i * 40) % 360} 70% 70%)" opacity="0.35"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="648" height="416" viewBox="0 0 648 416" role="img" aria-label="${escape(caption)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 30%)"/></linearGradient></defs>
<rect width="648" height="416" fill="url(#g)"/>${circles}
<text x="32" y="384" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="700" fill="#fff">${escape(caption)}</text>
</svg>
`;
}

/** A square logo: a rounded tile with the initials. */
function logo(name: string) {
  const hue = hueOf(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escape(name)}">
<rect width="256" height="256" rx="40" fill="hsl(${hue} 60% 40%)"/>
<circle cx="128" cy="128" r="84" fill="none" stroke="hsl(${(hue + 180) % 360} 70% 80%)" stroke-width="10"/>
<text x="128" y="150" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="72" font-weight="700" fill="#fff">${escape(initials(name))}</text>
</svg>
`;
}

const files: [string, string][] = [
  ...seedContents.map((c) => [`${c.key}.svg`, picture(c.title.en, c.hue)] as [string, string]),
  ...amenityCategories.flatMap((cat) => cat.amenities.map((a) => [`amenity-${a.key}.svg`, picture(a.name.en, a.hue)] as [string, string])),
  ...directoryCompanies.map(([name]) => [`company-${slug(name)}.svg`, logo(name)] as [string, string]),
  ...utilityButtons.map((u) => [`utility-${u.key}.svg`, logo(u.text)] as [string, string]),
];
await mkdir(out, { recursive: true });
for (const [name, svg] of files) await writeFile(path.join(out, name), svg);
console.log(`wrote ${files.length} images into ${out}`);
