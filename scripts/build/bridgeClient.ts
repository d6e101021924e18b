import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The mock host page: frames `?app=` and answers it with fixed data (src/bridge/client/mockHost.ts). */
const MOCK_HOST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Atrium mock host</title></head>
<body style="margin:0;font:14px system-ui"><p style="margin:8px">Atrium mock host: <code>?app=</code> your mini-app's address (and <code>&amp;uuid=</code> its uuid).</p>
<iframe title="Mini-app" style="border:0;width:100%;height:calc(100vh - 40px)"></iframe>
<script type="module">import { startMockHostPage } from './atrium-bridge-mock.js'; startMockHostPage();</script>
</body></html>
`;

/**
 * The mini-app authors' kit (issue 23), built apart from the app with esbuild into stable addresses: the bridge client
 * `dist/sdk/atrium-bridge.js` (one ES module), the mock host `dist/sdk/atrium-bridge-mock.js` and its page
 * `dist/sdk/mock-host.html`. The server sends them at `/sdk/…` (server/routes/miniApps.ts).
 */
export function bridgeClientBundle(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'atrium:bridge-client',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { build } = await import('esbuild');
      const sdk = path.join(outDir, 'sdk');
      mkdirSync(sdk, { recursive: true });
      await build({
        entryPoints: {
          'atrium-bridge': path.join(root, 'src', 'bridge', 'client', 'atriumBridge.ts'),
          'atrium-bridge-mock': path.join(root, 'src', 'bridge', 'client', 'mockHost.ts'),
        },
        outdir: sdk,
        bundle: true,
        minify: false,
        format: 'esm',
        target: 'es2020',
        legalComments: 'none',
        logLevel: 'warning',
      });
      writeFileSync(path.join(sdk, 'mock-host.html'), MOCK_HOST_PAGE);
    },
  };
}
