import { request } from './client';
import type { PassAnswer, PassCheck } from '../../machines/kiosk/visitorCheckIn.types';

const PATHS = {
  checkIn: '/tenant/v1/buildings/{id}/visitor-kiosk/check-in',
  checkOut: '/tenant/v1/buildings/{id}/visitor-kiosk/check-out',
} as const;

/**
 * The lobby kiosk checks a guest in or out by their pass code (decision 168), with the signed-in kiosk account's
 * token. Answers the guest's and the host's names only; a refusal comes back as the client's error with its code
 * (invalid_pass, wrong_building, pass_used, pass_revoked, pass_not_yet_valid, pass_expired, not_checked_in,
 * not_a_kiosk).
 */
export async function checkVisitorPass({ buildingUuid, code, mode }: PassCheck): Promise<PassAnswer> {
  const { data } = await request('post', PATHS[mode], { params: { id: buildingUuid }, body: { code } });
  return { guestName: data.guest_name, hostName: data.host_name };
}
