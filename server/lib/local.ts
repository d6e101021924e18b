import type { FastifyRequest } from 'fastify';
import { httpError } from './errors.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request from this machine: a loopback peer, not forwarded by a proxy (a proxy on this machine would make every
 * outside caller look local). The socket's address, never `request.ip`, which trusts forwarding headers.
 */
export const isLocalRequest = (request: FastifyRequest) =>
  LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'] && !request.headers.forwarded;

/** preHandler of the development routes (mailbox, content, flags without a token): from this machine only. */
export async function requireLocal(request: FastifyRequest) {
  if (!isLocalRequest(request)) throw httpError(403, 'This development route answers only requests from this machine', 'dev_local_only');
}
