import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { Api } from './typedRoutes.js';
import { httpError } from './errors.js';
import { bearerToken } from './buildings.js';
import type { AccessClaims } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in person of a route in a signed-in scope (`signedIn`): set by the scope's check before any handler
     * runs, so a handler reads it without `!`. Read anywhere else without a person, it refuses the call (401).
     */
    readonly person: AccessClaims;
  }
  interface FastifyContextConfig {
    /**
     * In a signed-in scope: the route is under a building (`:id`), so the scope checks the membership too
     * (requireMember: the session, the building and the membership in one statement) instead of the session alone.
     */
    member?: boolean;
  }
  interface FastifyInstance {
    /** Every route of a signed-in scope, as Fastify registered it (the server tests call each without a person). */
    signedInRoutes: SignedInRoute[];
  }
}

export interface SignedInRoute {
  method: string;
  url: string;
  /** The route's params schema, so a test can name a route with params that pass it. */
  params: unknown;
  member: boolean;
}

/** The root's part (server/app.ts): the `person` getter and the list of signed-in routes. */
export function installPerson(app: FastifyInstance) {
  app.decorateRequest('person', {
    getter(this: FastifyRequest): AccessClaims {
      if (!this.auth) throw httpError(401, 'Sign-in is required', 'missing_token');
      return this.auth;
    },
  });
  app.decorate('signedInRoutes', [] as SignedInRoute[]);
}

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * A signed-in scope (Fastify encapsulation, issue 25): `app.register(signedIn(routes))` registers `routes` in a
 * context of their own whose every route requires the person, so no route repeats the check and no handler reads an
 * optional person. The check is the first hook of each route: the session (requireUser) at `onRequest`, before the
 * body is read or validated, so a call without a valid token is refused 401 whatever it sends. A route under a
 * building (`config: { member: true }`) has its token's signature checked there and the membership (requireMember)
 * as its first `preHandler`, after its params are validated; a route that does its own work at `onRequest` (a
 * streamed upload, a limit that must count before the body) gets the full check first in its `onRequest`.
 */
export function signedIn<Options extends object = Record<never, never>>(routes: (app: Api, options: Options) => Promise<void>) {
  return async function signedInScope(app: Api, options: Options) {
    const { tokens } = app.deps;
    const signature: onRequestHookHandler = async (request) => {
      await tokens.verifySignature(bearerToken(request));
    };
    app.addHook('onRoute', (route) => {
      const member = route.config?.member === true;
      const check = member ? app.requireMember : app.requireUser;
      const ownOnRequest = asList(route.onRequest);
      // Fastify hands the GET's options to its HEAD twin too: checked once.
      if (ownOnRequest.includes(check as onRequestHookHandler) || ownOnRequest.includes(signature)) return;
      if (ownOnRequest.length > 0) route.onRequest = [check as onRequestHookHandler, ...ownOnRequest];
      else if (member) {
        route.onRequest = [signature];
        route.preHandler = [check as preHandlerHookHandler, ...asList(route.preHandler)];
      } else route.onRequest = [check as onRequestHookHandler];
      if (route.method !== 'HEAD') app.signedInRoutes.push({ method: String(route.method), url: route.url, params: route.schema?.params, member });
    });
    await routes(app, options);
  };
}
