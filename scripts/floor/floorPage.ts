/**
 * The floor page: scripts/floor/page/, one form on React and ReactDOM, TanStack Router, XState with @xstate/react,
 * react-intl and Stitches alone, built as the app is built and measured as /login is measured. `npm run bench`
 * prints /login's first load as a multiple of it: what the app's own code adds on top of its libraries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { measureFirstLoad, type FirstLoad } from '../firstLoad';

export const FLOOR_LIBRARIES = 'React, TanStack Router, XState, react-intl, Stitches';
/**
 * Less than this is no floor: React and ReactDOM alone are about 66 KB gzipped, so a smaller figure means the page
 * built or loaded without its libraries and the ratio would flatter /login.
 */
export const FLOOR_MIN_BYTES = 60 * 1024;

const pageRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'page');

/** As vite.config.ts does for the app's catalogues: messages reach the browser as ICU syntax trees. */
function precompiledMessages(): Plugin {
  return {
    name: 'floor:precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (path.resolve(id) !== path.join(pageRoot, 'messages.json')) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      return { code: JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]))), map: null };
    },
  };
}

/**
 * A production build of the floor page into `outDir`, with the app's build settings (vite.config.ts) as far as they
 * apply: the React plugin, precompiled messages with the parser-free ICU entry, target es2022, source maps.
 */
export async function buildFloorPage(outDir: string): Promise<void> {
  await build({
    root: pageRoot,
    configFile: false,
    logLevel: 'silent',
    plugins: [react(), precompiledMessages()],
    resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] },
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: true, reportCompressedSize: false },
  });
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

/** Serves a built folder on a free loopback port; paths that are no file get index.html, as the app's server does. */
export async function serveStatic(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(dir, path.normalize(pathname));
    const served = file.startsWith(dir + path.sep) && path.extname(file) ? file : path.join(dir, 'index.html');
    readFile(served).then(
      (body) => response.writeHead(200, { 'content-type': contentTypes[path.extname(served)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Builds the floor page into a temporary folder, serves it and measures its first load with measureFirstLoad. */
export async function measureFloorPage(browser: Browser): Promise<FirstLoad> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'atrium-floor-'));
  try {
    await buildFloorPage(outDir);
    const server = await serveStatic(outDir);
    try {
      return await measureFirstLoad(browser, `${server.origin}/login`);
    } finally {
      await server.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
