import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { amenityCategories, seedContents } from '../../server/db/seedContent';
import { amenitySceneOf, contentMediaFiles, contentSceneOf } from '../../scripts/contentMedia/files';
import { amenityScenes, contentScenes } from '../../scripts/contentMedia/scenes';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/media/content');
const amenities = amenityCategories.flatMap((category) => category.amenities);
/** Every picture of the seed (its logos apart): a file name and the scene it is of. */
const pictures = [
  ...seedContents.map((content) => ({ file: `${content.key}.svg`, scene: contentSceneOf(content.key, content.tags ?? []) })),
  ...amenities.map((amenity) => ({ file: `amenity-${amenity.key}.svg`, scene: amenitySceneOf(amenity.key) })),
];
const committed = (file: string) => readFileSync(path.join(folder, file), 'utf8');

describe('the demo pictures (scripts/contentMedia.ts)', () => {
  it('give every amenity and content of the seed a picture file of its own, as the script writes it', () => {
    const written = new Map(contentMediaFiles());
    for (const { file } of pictures) {
      expect(existsSync(path.join(folder, file)), file).toBe(true);
      expect(committed(file), `${file} is stale: run npx tsx scripts/contentMedia.ts`).toBe(written.get(file));
    }
    expect(new Set(pictures.map(({ file }) => committed(file))).size).toBe(pictures.length);
  });

  it('draw each one its own scene, chosen for it rather than from its tags', () => {
    for (const content of seedContents) expect(contentScenes[content.key], content.key).toBeDefined();
    for (const amenity of amenities) expect(amenityScenes[amenity.key], amenity.key).toBeDefined();
    expect(new Set(pictures.map(({ scene }) => scene)).size).toBe(pictures.length);
  });

  it("do not show the rooftop terrace as the café's cup", () => {
    expect(amenitySceneOf('rooftop')).not.toBe(amenitySceneOf('cafe'));
    expect(committed('amenity-rooftop.svg')).not.toBe(committed('amenity-cafe.svg'));
  });

  it('hold no words, at 648x416 and under 6 KB each', () => {
    for (const { file } of pictures) {
      const svg = committed(file);
      expect(svg, file).not.toMatch(/<text|<tspan|<foreignObject/i);
      expect(svg, file).toContain('width="648" height="416" viewBox="0 0 648 416"');
      expect(Buffer.byteLength(svg), file).toBeLessThan(6 * 1024);
    }
  });
});
