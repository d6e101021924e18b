import path from 'node:path';
import { projectRoot } from './paths.js';
import { readConfig } from './config.js';
import { createServer } from './server.js';
import { DEMO_LOGIN } from './db/seed.js';
import { DataFolderLockedError } from './db/dataLock.js';

const root = projectRoot;
const config = readConfig();
let server;
try {
  server = await createServer(config, { staticDir: path.join(root, 'dist'), logger: process.env.LOG_REQUESTS === '1' });
} catch (error) {
  if (error instanceof DataFolderLockedError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
await server.app.listen({ port: config.port, host: config.host });

const address = `http://localhost:${config.port}`;
console.log(`\nAtrium is running at ${address}`);
console.log(`  API:          ${address}${config.apiBase}  (OpenAPI: ${address}${config.apiBase}/openapi.json)`);
console.log(`  Database:     ${server.db.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `PGlite in ${path.resolve(config.dataDir)}`}`);
if (config.redisUrl) console.log('  Redis:        REDIS_URL (request limits and open streams counted with the other instances)');
if (!config.production && !config.smtpUrl) {
  // The mailbox holds every sign-up and reset code, so it answers only on this machine.
  console.log(`  Dev mailbox:  ${address}${config.apiBase}/dev/mailbox?to=<email>  (sign-up and reset codes; from this machine only)`);
}
console.log(`  Second brand: http://harbor.localhost:${config.port}`);
console.log(`  Demo login:   ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
