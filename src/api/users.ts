import { request } from './client';

/** What PUT /users/current accepts; every field optional. `updated_at` asks for the 409 when the profile changed since. */
export interface UserUpdate {
  first_name?: string;
  last_name?: string;
  default_building_uuid?: string | null;
  is_term_accepted?: boolean;
  is_email_accepted?: boolean;
  updated_at?: string;
}

export const currentUser = async () => (await request('get', '/users/current')).data;

/** Every building the signed-in person belongs to, whatever the brand of the page. */
export const currentUserBuildings = async () => (await request('get', '/users/current/buildings')).data;

export const updateCurrentUser = async (update: UserUpdate) => (await request('put', '/users/current', { body: { ...update } })).data;

/** 400 wrong_password for a wrong current password; 409 password_has_been_used for one used before. */
export const updatePassword = async (password: string, newPassword: string) => {
  await request('put', '/users/current/password', { body: { password, new_password: newPassword } });
};

/** Checks the signed-in person's password, changing nothing (leaving kiosk mode); 400 wrong_password, 429 at the guess limit. */
export const checkPassword = async (password: string) => {
  await request('post', '/users/current/password/check', { body: { password } });
};
