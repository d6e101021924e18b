import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildOptions, Plugin as EsbuildPlugin } from 'esbuild';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** The mini-apps the build makes: each one page, its script and its style sheet, served at `/<name>/` on the mini-app origin. */
export const BUILT_MINI_APPS = [{ name: 'mfe-visitors', source: 'src/miniapps/visitors', entry: 'main.tsx', bundle: 'visitors' }] as const;

/**
 * A mini-app's message catalogues (`messages/*.json`) as ICU syntax trees, and the parser left out of the bundle (its
 * `no-parser` entry): the app's build does the same (vite.config.ts, precompiledMessages).
 */
const precompiledMessages = (root: string, app: (typeof BUILT_MINI_APPS)[number]): EsbuildPlugin => ({
  name: 'precompiled-messages',
  setup(build) {
    const messages = path.join(root, app.source, 'messages');
    build.onLoad({ filter: /\.json$/ }, (args) => {
      if (path.dirname(args.path) !== messages) return undefined;
      const catalogue = JSON.parse(readFileSync(args.path, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(catalogue).map(([id, message]) => [id, parse(message)]));
      return { contents: JSON.stringify(compiled), loader: 'json' };
    });
    build.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, () => ({
      path: path.join(root, 'node_modules', '@formatjs', 'icu-messageformat-parser', 'no-parser.js'),
    }));
  },
});

/** esbuild's options for one mini-app: one minified ES module and one style sheet, no inline code (the origin's policy). */
export function miniAppBuildOptions(root: string, app: (typeof BUILT_MINI_APPS)[number], outdir: string, minify = true): BuildOptions {
  return {
    entryPoints: { [app.bundle]: path.join(root, app.source, app.entry) },
    outdir,
    bundle: true,
    minify,
    format: 'esm',
    target: 'es2020',
    jsx: 'automatic',
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development') },
    sourcemap: minify ? false : 'linked',
    plugins: [precompiledMessages(root, app)],
  };
}

/** Writes a mini-app's page: its template with the files' version (a hash of their contents), so a new build is fetched anew. */
export function writeMiniAppPage(root: string, app: (typeof BUILT_MINI_APPS)[number], outdir: string) {
  const hash = createHash('sha256');
  for (const ext of ['js', 'css']) hash.update(readFileSync(path.join(outdir, `${app.bundle}.${ext}`)));
  const version = hash.digest('hex').slice(0, 12);
  const page = readFileSync(path.join(root, app.source, 'index.html'), 'utf8').replaceAll('%VERSION%', version);
  writeFileSync(path.join(outdir, 'index.html'), page);
}

/**
 * The mini-apps of the reference server (issue 23), built apart from the app with esbuild, as the authors' kit is
 * (bridgeClient.ts): `dist/miniapps/<name>/` holds index.html, its script and its style sheet. The server sends them at
 * `/<name>/` on the mini-app origin (server/routes/miniApps.ts); `npm run dev` builds them on change (scripts/dev.ts).
 */
export function miniAppsBundle(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'atrium:mini-apps',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { build } = await import('esbuild');
      for (const app of BUILT_MINI_APPS) {
        const outdir = path.join(outDir, 'miniapps', app.name);
        rmSync(outdir, { recursive: true, force: true });
        mkdirSync(outdir, { recursive: true });
        await build(miniAppBuildOptions(root, app, outdir));
        writeMiniAppPage(root, app, outdir);
      }
    },
  };
}
