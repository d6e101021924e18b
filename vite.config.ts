import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { precompressedAssets } from './scripts/build/precompress';

/** The libraries of every page's first load (the rest, Sentry, DOMPurify, OpenFeature, ofetch, load with their users). */
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|@tanstack\/[^/]+|xstate|@xstate\/react|react-intl|@formatjs\/[^/]+|intl-messageformat|@stitches\/react|use-sync-external-store)\//;

const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`;

/**
 * Message catalogues are parsed to ICU syntax trees at build time, so the browser never needs the ICU parser:
 * the bundle uses the parser package's `no-parser` entry (a good share of the first load saved).
 */
function precompiledMessages(): Plugin {
  return {
    name: 'atrium:precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/i18n\/(?:locales|areas\/[^/]+)\/[^/]+\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), ...(command === 'build' ? [precompiledMessages(), precompressedAssets()] : [])],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] : [],
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // The API (and the local OpenID provider) run in the Node server; the dev server forwards to it.
    proxy: {
      '/api': apiTarget,
      '/oidc': apiTarget,
      '/config.json': apiTarget,
      '/mfe-visitors': apiTarget,
      '/mfe-survey': apiTarget,
      '/mfe-assets': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: the server preloads the chunks of the route a page opens on (server/lib/appPage.ts).
    manifest: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page runs, in one file: gzip and brotli compress one file better than the eight
            // shared chunks they would otherwise split into.
            { name: 'framework', test: FRAMEWORK, priority: 2 },
          ],
        },
      },
    },
  },
}));
