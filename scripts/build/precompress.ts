import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text the browser fetches (source maps are left alone: large, and fetched by tools only). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** Writes `.br` (brotli, best quality) and `.gz` (gzip -9) beside every compressible file under `dir`; returns their count. */
export function precompressFolder(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      written += precompressFolder(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    written += 2;
  }
  return written;
}

/**
 * The build's last step: every asset gets its brotli and gzip copies, so the server sends them by content
 * negotiation without compressing on each request (server/app.ts, `preCompressed`). index.html is left out: the
 * server writes each page itself (boot data).
 */
export function precompressedAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atrium:precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
