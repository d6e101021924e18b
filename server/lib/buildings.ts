import type { Db } from '../db/index.js';
import { httpError } from './errors.js';
import { buildingForMember } from '../stores/buildings.js';

export const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T) => rest;

export interface MemberBuilding {
  id: number;
  uuid: string;
  /** Language codes in priority order; the first is the building's own. */
  languages: string[];
}

/**
 * The rule of every building-scoped route: the building, when the signed-in user belongs to it; 404 for an unknown
 * building, 403 for someone else's.
 */
export async function memberBuilding(db: Db, userId: number, where: { uuid: string } | { id: number }): Promise<MemberBuilding> {
  const building = await buildingForMember(db, userId, where);
  if (!building) throw httpError(404, 'No building with this id', 'unknown_building');
  if (!building.member) throw httpError(403, 'You do not have access to this building', 'not_a_member');
  return { id: building.id, uuid: building.uuid, languages: building.languages ?? [] };
}
