/**
 * The demo content's image files (public/media/content/*.svg), computed from the seed's lists: a picture per content
 * and per amenity (its own scene, scenes.ts), a logo per directory company and utility button. Pure: the same seed
 * gives the same files, byte for byte; scripts/contentMedia.ts writes them.
 */
import { amenityCategories, directoryCompanies, seedContents, slug, utilityButtons } from '../../server/db/seedContent.js';
import { paletteOf } from './draw';
import { amenityScenes, contentScenes, sceneByTags, street, type Scene } from './scenes';

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

/**
 * A 648x416 picture (the specification's event image size) of a scene in the thing's hue. Decorative: the app gives
 * it the content's alternative text and prints the title beside it, so the picture holds no words.
 */
export function picture(key: string, hue: number, scene: Scene) {
  const random = seeded(hueOf(key) * 7919 + hue);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="648" height="416" viewBox="0 0 648 416">\n${scene(paletteOf(hue), random)}\n</svg>\n`;
}

/** A square logo: a rounded tile with the initials (a logo is a name's mark; a picture never holds words). */
function logo(name: string) {
  const hue = hueOf(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escape(name)}">
<rect width="256" height="256" rx="40" fill="hsl(${hue} 60% 40%)"/>
<circle cx="128" cy="128" r="84" fill="none" stroke="hsl(${(hue + 180) % 360} 70% 80%)" stroke-width="10"/>
<text x="128" y="150" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="72" font-weight="700" fill="#fff">${escape(initials(name))}</text>
</svg>
`;
}

/** The scene of a seed amenity (the street for a key without one). */
export const amenitySceneOf = (key: string): Scene => amenityScenes[key] ?? street;
/** The scene of a seed content (by its tags for a key without one). */
export const contentSceneOf = (key: string, tags: readonly string[]): Scene => contentScenes[key] ?? sceneByTags(tags);

/** Every file, by name: the pictures of contents and amenities, then the logos. */
export function contentMediaFiles(): [name: string, svg: string][] {
  return [
    ...seedContents.map((item): [string, string] => [`${item.key}.svg`, picture(item.key, item.hue, contentSceneOf(item.key, item.tags ?? []))]),
    ...amenityCategories.flatMap((cat) =>
      cat.amenities.map((a): [string, string] => [`amenity-${a.key}.svg`, picture(a.key, a.hue, amenitySceneOf(a.key))]),
    ),
    ...directoryCompanies.map(([name]): [string, string] => [`company-${slug(name)}.svg`, logo(name)]),
    ...utilityButtons.map((u): [string, string] => [`utility-${u.key}.svg`, logo(u.text.en)]),
  ];
}
