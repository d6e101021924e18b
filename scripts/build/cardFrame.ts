import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The card frame (decision 120) is a page of its own, built apart from the app so the app's first load does not
 * change: esbuild bundles src/cardFrame/main.ts (with card-validator and its style) into dist/assets/card-frame-*.js
 * and .css, and dist/card-frame.html names them. The server sends that page only on the card frame's origin.
 */
export function cardFramePage(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'atrium:card-frame',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: { 'card-frame': path.join(root, 'src', 'cardFrame', 'main.ts') },
        outdir: path.join(outDir, 'assets'),
        entryNames: '[name]-[hash]',
        bundle: true,
        minify: true,
        format: 'esm',
        target: 'es2022',
        metafile: true,
        logLevel: 'warning',
      });
      const outputs = Object.keys(result.metafile.outputs).map((file) => `/assets/${path.basename(file)}`);
      const script = outputs.find((file) => file.endsWith('.js'));
      const style = outputs.find((file) => file.endsWith('.css'));
      if (!script) throw new Error('the card frame was not built');
      const template = readFileSync(path.join(root, 'src', 'cardFrame', 'card-frame.html'), 'utf8');
      const html = template
        .replace('<!-- style -->', style ? `<link rel="stylesheet" href="${style}" />` : '')
        .replace('<!-- script -->', `<script type="module" src="${script}"></script>`);
      writeFileSync(path.join(outDir, 'card-frame.html'), html);
    },
  };
}
