import { api, type Schemas } from './client';

export type User = Schemas['User'];

/** What PUT /users/current accepts; every field optional. `updated_at` asks for the 409 when the profile changed since. */
export interface UserUpdate {
  first_name?: string;
  last_name?: string;
  default_building_uuid?: string | null;
  is_term_accepted?: boolean;
  is_email_accepted?: boolean;
  updated_at?: string;
}

export const currentUser = async () => (await api().call<{ data: User }>('/users/current')).data;

export const updateCurrentUser = async (update: UserUpdate) =>
  (await api().call<{ data: User }>('/users/current', { method: 'PUT', body: { ...update } })).data;

/** 400 wrong_password for a wrong current password; 409 password_has_been_used for one used before. */
export const updatePassword = async (password: string, newPassword: string) => {
  await api().call<{ data: { ok: boolean } }>('/users/current/password', { method: 'PUT', body: { password, new_password: newPassword } });
};
