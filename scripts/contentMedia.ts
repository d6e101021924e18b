/**
 * Writes the demo content's images (public/media/content/*.svg) from the seed's lists: one per content, amenity,
 * directory company and utility button. Deterministic (colours come from the seed or from a hash of the name), so
 * running it again rewrites the same files; nothing is fetched. Run with `npx tsx scripts/contentMedia.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { amenityCategories, directoryCompanies, seedContents, slug, utilityButtons } from '../server/db/seedContent.js';

const out = path.join('public', 'media', 'content');
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const hueOf = (s: string) => [...s].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);
const initials = (name: string) =>
  name
    .split(/[\s&-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A small deterministic random source, so a picture is the same on every run. */
function seeded(seed: number) {
  let x = seed % 2147483647 || 1;
  return () => (x = (x * 48271) % 2147483647) / 2147483647;
}

/** What a picture shows: a scene chosen by the content's tags or kind. No words: the title is printed by the app, once. */
type Motif = 'skyline' | 'hills' | 'cup' | 'waves' | 'people' | 'leaves' | 'ticket' | 'confetti';

function motifOf(tags: readonly string[], kind: string): Motif {
  const t = tags.map((tag) => tag.trim().toLowerCase());
  if (t.includes('food')) return 'cup';
  if (t.includes('fitness') || t.includes('wellness')) return 'hills';
  if (t.includes('music')) return 'waves';
  if (t.includes('sustainability')) return 'leaves';
  if (t.includes('community')) return 'people';
  if (t.includes('social')) return 'confetti';
  if (kind === 'offer') return 'ticket';
  return 'skyline';
}

const c = (h: number, s: number, l: number, a = 1) => `hsl(${((h % 360) + 360) % 360} ${s}% ${l}%${a < 1 ? ` / ${a}` : ''})`;

/** The scene's shapes over its sky, in the hue's family. */
function scene(motif: Motif, hue: number, random: () => number): string {
  const dark = c(hue + 20, 45, 18);
  const mid = c(hue + 10, 50, 32);
  const light = c(hue - 20, 80, 80);
  switch (motif) {
    case 'skyline': {
      let x = -10;
      let out = '';
      while (x < 660) {
        const w = 40 + random() * 70;
        const h = 120 + random() * 200;
        out += `<rect x="${x.toFixed(0)}" y="${(416 - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${random() > 0.5 ? dark : mid}"/>`;
        for (let wy = 416 - h + 14; wy < 400; wy += 22)
          for (let wx = x + 8; wx < x + w - 10; wx += 16)
            if (random() > 0.45) out += `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="7" height="10" fill="${c(48, 90, 75, 0.85)}"/>`;
        x += w + 4;
      }
      return out;
    }
    case 'hills':
      return (
        `<circle cx="${460 + random() * 120}" cy="${110 + random() * 40}" r="58" fill="${c(45, 95, 70)}"/>` +
        `<path d="M0 300 Q 160 ${190 + random() * 40} 330 280 T 648 250 V416 H0Z" fill="${mid}"/>` +
        `<path d="M0 350 Q 200 ${270 + random() * 30} 420 340 T 648 320 V416 H0Z" fill="${dark}"/>`
      );
    case 'cup':
      return (
        `<ellipse cx="324" cy="350" rx="190" ry="34" fill="${dark}" opacity="0.5"/>` +
        `<path d="M214 170 H420 V270 Q420 340 317 340 Q214 340 214 270Z" fill="${c(0, 0, 97)}"/>` +
        `<path d="M420 195 Q490 195 490 245 Q490 295 420 295" fill="none" stroke="${c(0, 0, 97)}" stroke-width="22"/>` +
        `<ellipse cx="317" cy="172" rx="103" ry="18" fill="${c(25, 55, 30)}"/>` +
        [0, 1, 2]
          .map(
            (i) =>
              `<path d="M${270 + i * 45} 140 q 14 -25 0 -50 q -14 -25 0 -50" fill="none" stroke="${light}" stroke-width="9" stroke-linecap="round" opacity="0.8"/>`,
          )
          .join('')
      );
    case 'waves':
      return [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<path d="M0 ${220 + i * 40} Q 160 ${170 + i * 40 + random() * 30} 324 ${220 + i * 40} T 648 ${220 + i * 40}" fill="none" stroke="${i % 2 ? light : c(hue + 60, 70, 65)}" stroke-width="${10 - i}" opacity="0.85"/>`,
        )
        .join('');
    case 'people':
      return [0, 1, 2, 3, 4]
        .map((i) => {
          const x = 90 + i * 118 + random() * 20;
          const y = 230 + (i % 2) * 30;
          const tone = c(hue + i * 35, 55, 55 + (i % 3) * 8);
          return `<circle cx="${x}" cy="${y}" r="38" fill="${tone}"/><path d="M${x - 62} 416 Q ${x - 62} ${y + 50} ${x} ${y + 50} Q ${x + 62} ${y + 50} ${x + 62} 416Z" fill="${tone}"/>`;
        })
        .join('');
    case 'leaves':
      return Array.from({ length: 9 }, () => {
        const x = random() * 648;
        const y = 60 + random() * 320;
        const r = random() * 180;
        return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="70" ry="28" transform="rotate(${r.toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${c(110 + random() * 40, 55, 35 + random() * 20)}"/>`;
      }).join('');
    case 'ticket':
      return (
        `<g transform="rotate(-8 324 208)"><path d="M134 128 H514 V178 A30 30 0 0 0 514 238 V288 H134 V238 A30 30 0 0 0 134 178Z" fill="${c(0, 0, 97)}"/>` +
        `<line x1="404" y1="140" x2="404" y2="276" stroke="${mid}" stroke-width="5" stroke-dasharray="10 9"/>` +
        `<circle cx="230" cy="182" r="22" fill="none" stroke="${dark}" stroke-width="10"/><circle cx="310" cy="238" r="22" fill="none" stroke="${dark}" stroke-width="10"/>` +
        `<line x1="316" y1="166" x2="224" y2="254" stroke="${dark}" stroke-width="10" stroke-linecap="round"/></g>`
      );
    case 'confetti':
      return Array.from({ length: 46 }, () => {
        const x = random() * 648;
        const y = random() * 416;
        const fill = c(hue + random() * 200, 80, 65);
        return random() > 0.5
          ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(4 + random() * 9).toFixed(0)}" fill="${fill}"/>`
          : `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="18" height="7" transform="rotate(${(random() * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${fill}"/>`;
      }).join('');
  }
}

/**
 * A 648x416 picture (the specification's event image size): a sky in the content's hue with a scene for what it is
 * about. Decorative: the app gives it the content's alternative text, and prints the title below it.
 */
function picture(key: string, hue: number, motif: Motif) {
  const random = seeded(hueOf(key) * 7919 + hue);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="648" height="416" viewBox="0 0 648 416">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${c(hue, 60, 72)}"/><stop offset="1" stop-color="${c(hue + 30, 55, 48)}"/></linearGradient></defs>
<rect width="648" height="416" fill="url(#g)"/>
${scene(motif, hue, random)}
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
  ...seedContents.map((item) => [`${item.key}.svg`, picture(item.key, item.hue, motifOf(item.tags ?? [], item.kind.type))] as [string, string]),
  ...amenityCategories.flatMap((cat) =>
    cat.amenities.map(
      (a) =>
        [`amenity-${a.key}.svg`, picture(a.key, a.hue, cat.key === 'food' ? 'cup' : cat.key === 'wellness' ? 'hills' : 'skyline')] as [
          string,
          string,
        ],
    ),
  ),
  ...directoryCompanies.map(([name]) => [`company-${slug(name)}.svg`, logo(name)] as [string, string]),
  ...utilityButtons.map((u) => [`utility-${u.key}.svg`, logo(u.text.en)] as [string, string]),
];
await mkdir(out, { recursive: true });
for (const [name, svg] of files) await writeFile(path.join(out, name), svg);
console.log(`wrote ${files.length} images into ${out}`);
