/**
 * Writes the demo content's images (public/media/content/*.svg) from the seed's lists: a picture per content and per
 * amenity, each a scene of what it is (scripts/contentMedia/scenes.ts), and a logo per directory company and utility
 * button. Deterministic (colours come from the seed or from a hash of the name), so running it again rewrites the
 * same files; nothing is fetched. Run with `npx tsx scripts/contentMedia.ts`; test/unit/contentMedia.test.ts fails
 * when the committed files are not what it writes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentMediaFiles } from './contentMedia/files';

const out = path.join('public', 'media', 'content');
const files = contentMediaFiles();
await mkdir(out, { recursive: true });
for (const [name, svg] of files) await writeFile(path.join(out, name), svg);
console.log(`wrote ${files.length} images into ${out}`);
