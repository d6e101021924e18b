import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { precompressedAssets } from './scripts/build/precompress';
import { cardFramePage } from './scripts/build/cardFrame';
import { bridgeClientBundle } from './scripts/build/bridgeClient';
import { miniAppsBundle } from './scripts/build/miniApps';
import { intlWithoutLocaleProbe } from './scripts/build/intlLocaleProbe';

/**
 * Start-up's stages, in order: src/main.tsx imports each stage's modules when the stage begins, so the browser
 * evaluates each stage's code in a task of its own (decision 064). Every module a stage reaches by static imports goes
 * into that stage's one chunk (the first stage that reaches it): one file a stage compresses better than the many
 * small shared chunks the splitter would make, and no stage's chunk holds code a later stage brings.
 */
const START_STAGES = [
  ['src/ui/kit/stitches.config.ts'],
  ['src/app/appActor.ts'],
  ['src/app/screens/index.ts', 'src/routes/router.tsx', 'src/app/adapters/errorReporting.ts'],
  ['src/ui/shell/renderApp.tsx', 'src/app/adapters/pageShell.ts'],
];

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

/** The start-up chunk a module belongs in (`start-1` …), or null for code that loads later (routes, areas). */
function startChunkNamer() {
  let stageOf: Map<string, number> | null = null;
  return (id: string, ctx: { getModuleInfo: ModuleInfoOf }): string | null => {
    if (!stageOf) {
      const seen = new Map<string, number>();
      START_STAGES.forEach((entries, stage) => {
        const queue = entries.map((file) => fileURLToPath(new URL(file, import.meta.url)));
        for (const entry of queue) if (!ctx.getModuleInfo(entry)) throw new Error(`start-up stage ${stage + 1}: no module ${entry}`);
        while (queue.length) {
          const next = queue.pop()!;
          if (seen.has(next)) continue;
          seen.set(next, stage);
          queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
      });
      stageOf = seen;
    }
    // Vite's preload helper, which the entry itself calls, in a file of its own: in a stage's chunk it would bring that
    // stage's code into the entry.
    if (id.startsWith('\0')) return id.includes('preload-helper') ? 'preload-helper' : null;
    const stage = stageOf.get(id);
    return stage === undefined ? null : `start-${stage + 1}`;
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`;
const miniAppProxy = { target: apiTarget, changeOrigin: false };

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
  plugins: [
    react(),
    ...(command === 'build'
      ? [
          precompiledMessages(),
          intlWithoutLocaleProbe(),
          loginShellTexts(),
          cardFramePage(),
          bridgeClientBundle(),
          miniAppsBundle(),
          precompressedAssets(),
        ]
      : []),
  ],
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
      // The mini-app origin (apps.localhost on Vite's port) is told apart by its host name: these keep the browser's Host
      // (the string form would set it to the API's, and the server would take them for the app's origin's).
      '/mfe-visitors': miniAppProxy,
      '/mfe-survey': miniAppProxy,
      '/mfe-assets': miniAppProxy,
      '/mfe-bridge-test': miniAppProxy,
      '/sdk': miniAppProxy,
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
        codeSplitting: { groups: [{ name: startChunkNamer() }] },
      },
    },
  },
}));
