import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The entity tag of a signed-in person's answer: its bytes and whose it is, so no two people share one. */
export const personalEtag = (userId: number, body: string) =>
  `"${createHash('sha256').update(`${userId}\n`).update(body).digest('base64url').slice(0, 32)}"`;

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 says for If-None-Match; `*` names any). */
export function noneMatchNames(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return (Array.isArray(header) ? header.join(',') : header).split(',').some((tag) => bare(tag) === '*' || bare(tag) === bare(etag));
}

/**
 * onSend hook of the feed answers (decision 044): a 200 answer gets an ETag made of its bytes and the person it is
 * for, and `Cache-Control: private, no-cache` (a browser may keep it but asks again each time, no shared cache keeps
 * it); a request whose If-None-Match names that tag gets a 304 with no body. It runs after the route's checks (the
 * session, the membership), so a 304 is only ever the answer a 200 would have been: a revoked session, a removed
 * membership or another person gets the same refusal or a fresh answer as without the header.
 */
export async function revalidated(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || typeof payload !== 'string' || !request.auth) return payload;
  const etag = personalEtag(request.auth.userId, payload);
  void reply.header('etag', etag);
  void reply.header('cache-control', 'private, no-cache');
  // The language of an answer may come from Accept-Language; the person is in the tag, not in a Vary on the token,
  // which changes every 15 minutes and would make each refresh fetch everything again.
  void reply.header('vary', 'Accept-Language');
  if (!noneMatchNames(request.headers['if-none-match'], etag)) return payload;
  void reply.code(304);
  reply.removeHeader('content-type');
  return '';
}
