import type { FastifyInstance } from 'fastify';

/** Single sign-on: provider list, OIDC callback and completion. (Filled in with the local OpenID provider.) */
export async function ssoRoutes(_app: FastifyInstance) {}
