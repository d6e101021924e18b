import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { httpError } from './errors.js';
import { sessionEnded, type AccessClaims, type TokenService } from './tokens.js';
import { buildingForMember, sessionMember } from '../stores/buildings.js';

export const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T) => rest;

export interface MemberBuilding {
  id: number;
  uuid: string;
  /** Language codes in priority order; the first is the building's own. */
  languages: string[];
}

/** What a building-scoped check found: the building (null: none with that id), the membership and the languages. */
type FoundBuilding = { id: number | null; uuid: string | null; member: boolean; languages: string[] | null };

/** The rule of every building-scoped route: 404 for an unknown building, 403 for someone else's. */
function checkedMember(found: FoundBuilding | undefined): MemberBuilding {
  if (!found || found.id === null || found.uuid === null) throw httpError(404, 'No building with this id', 'unknown_building');
  if (!found.member) throw httpError(403, 'You do not have access to this building', 'not_a_member');
  return { id: found.id, uuid: found.uuid, languages: found.languages ?? [] };
}

/** The building of a route that has checked the session already (requireUser), when the user belongs to it. */
export async function memberBuilding(db: Db, userId: number, where: { uuid: string } | { id: number }): Promise<MemberBuilding> {
  return checkedMember(await buildingForMember(db, userId, where));
}

export interface MemberScope extends MemberBuilding {
  /** The id of the route's `:categoryUuid` when it is a category of this building; null otherwise or without one. */
  categoryId: number | null;
  /** The version of what the building's content lists show, read in the same statement (decision 056). */
  contentVersion: number;
}

/** The bearer token of a request; 401 without one. */
export function bearerToken(request: FastifyRequest): string {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw httpError(401, 'Sign-in is required', 'missing_token');
  return match[1]!;
}

/**
 * The preHandler of the building-scoped routes (`:id` a building uuid; `:categoryUuid`, when the path has one, looked
 * up in that building): the access token's signature, then in one query the session's liveness (as verifyAccess
 * checks it: stores/sessions.ts liveSession), the building, the membership, its languages and the category. Nothing
 * is cached, so a revoked session or a removed membership is refused from the next call on. Answers as requireUser and
 * memberBuilding do (the same rules): 401, then 404 for an unknown building, 403 for someone else's. Sets request.auth
 * and request.member.
 */
export function requireMember(db: Db, tokens: TokenService) {
  return async (request: FastifyRequest) => {
    const claims: AccessClaims = await tokens.verifySignature(bearerToken(request));
    const params = request.params as { id?: string; categoryUuid?: string };
    const found = await sessionMember(db, {
      familyId: claims.familyId,
      userId: claims.userId,
      buildingUuid: params.id ?? '',
      categoryUuid: params.categoryUuid ?? null,
    });
    if (!found?.live) throw sessionEnded();
    request.auth = claims;
    request.member = { ...checkedMember(found), categoryId: found.category_id, contentVersion: Number(found.content_version ?? 0) };
  };
}
