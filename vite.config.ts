import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { precompressedAssets } from './scripts/build/precompress';
import { cardFramePage } from './scripts/build/cardFrame';

/** The libraries of every page's first load (the rest, Sentry, DOMPurify, OpenFeature, ofetch, load with their users). */
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|@tanstack\/[^/]+|xstate|@xstate\/react|react-intl|@formatjs\/[^/]+|intl-messageformat|@stitches\/react|use-sync-external-store)\//;

/**
 * The app's own modules that every page's first load runs and that lazy chunks share too (the root machines, the
 * screens' restart rules, the kit's base): one file instead of the five small shared chunks the splitter makes of
 * them, which gzip compresses better. Only modules the entry itself runs belong here, or the first load grows.
 */
const APP_CORE =
  /\/(machines\/(session|notifications|globalError|building|flags|appearance|shared|app)\/[^/]+|machines\/shell\/headerMenu\.machine|machines\/kiosk\/kiosk\.machine|machines\/[^/]+\/[^/]+\.screens?|machines\/directory\/directory\.rules|src\/ui\/kit\/(stitches\.config|Layout|Button|Field)|src\/api\/client|contracts\/palette)\.tsx?$/;

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

/** A message as plain text (the sign-in texts are literal; an ICU quote like '' becomes one apostrophe). */
const plainText = (message: string) =>
  parse(message)
    .map((element) => ('value' in element && typeof element.value === 'string' ? element.value : ''))
    .join('');

/**
 * `login-shell.json` beside the page: the email step's heading and introduction in every locale, which the server
 * writes into the sign-in page as its first paint before any script runs (decision 059).
 */
function loginShellTexts(): Plugin {
  return {
    name: 'atrium:login-shell-texts',
    generateBundle() {
      const dir = new URL('./src/i18n/locales/', import.meta.url);
      const read = (file: string) => JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, string>;
      const english = read('en.json');
      const texts = Object.fromEntries(
        readdirSync(dir)
          .filter((file) => file.endsWith('.json'))
          .map((file) => {
            const messages = { ...english, ...read(file) };
            return [
              file.replace(/\.json$/, ''),
              { title: plainText(messages['auth.email.title']!), subtitle: plainText(messages['auth.email.subtitle']!) },
            ];
          }),
      );
      this.emitFile({ type: 'asset', fileName: 'login-shell.json', source: JSON.stringify(texts) });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), ...(command === 'build' ? [precompiledMessages(), loginShellTexts(), cardFramePage(), precompressedAssets()] : [])],
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
            { name: 'app-core', test: APP_CORE, priority: 1 },
          ],
        },
      },
    },
  },
}));
