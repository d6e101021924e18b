import type { FlagUser } from '../../contracts/flags';
import type { SessionUser } from '../session/session.types';

/** Who flags are evaluated for: the signed-in person (with their buildings), or the anonymous user on this host. */
export function flagUserOf(user: SessionUser | null, host: string, buildingUuids: string[] = []): FlagUser {
  if (!user) return { key: 'anonymous', anonymous: true, admin: false, roles: [], buildingUuids: [], hqo: false, host };
  return { key: user.uuid, anonymous: false, admin: user.admin, roles: user.roles.map((r) => r.name), buildingUuids, hqo: user.hqo, host };
}
