import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.js';
import type { ServerConfig } from '../config.js';

/** The local OpenID provider for the demo SSO domains (development only). */
export async function mountDevOidc(_app: FastifyInstance, _db: Db, _config: ServerConfig): Promise<void> {}
