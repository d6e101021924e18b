import { api, type Schemas } from './client';

export type User = Schemas['User'];
export type LoginResponse = Schemas['LoginResponse'];
export type EmailRecord = Schemas['EmailRecord'];
export type Building = Schemas['Building'];

export interface RegisterFields {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  building_uuid: string | null;
  is_term_accepted: boolean;
  is_email_accepted: boolean;
  user_type_id: 1 | 2;
}

export const login = (email: string, password: string) =>
  api().call<LoginResponse>('/auth/v2/login', { method: 'POST', body: { email, password } });

export const logout = () => api().call<unknown>('/auth/logout', { method: 'POST' });

/** Trades the current (older-version) access token for version 3 tokens of the same session. */
export const upgradeSession = () => api().call<LoginResponse>('/auth/upgrade', { method: 'POST' });

export const refreshSession = (refreshToken: string) =>
  api().call<LoginResponse>('/auth/v2/refresh', { method: 'POST', body: { refresh_token: refreshToken }, withoutBearer: true });

export const validateEmail = async (email: string) =>
  (await api().call<{ data: EmailRecord }>('/auth/v2/validate-email', { method: 'POST', body: { email } })).data;

export const register = async (fields: RegisterFields) =>
  (await api().call<{ user: User }>('/auth/register', { method: 'POST', body: { ...fields } })).user;

/** Confirms a sign-up with its mailed code, setting the password then (the server never keeps one set before). */
export const consumeSignupCode = async (email: string, code: string, password: string) =>
  (
    await api().call<{ data: { verified: boolean; user: User } }>(`/user-verification/code/${encodeURIComponent(code)}/consume`, {
      method: 'PUT',
      query: { email },
      body: { password },
    })
  ).data;

export const resendSignupCode = (email: string) =>
  api().call<unknown>('/user-verification/code/resend', { method: 'POST', body: { email } });

export const sendResetCode = (email: string) =>
  api().call<unknown>('/user-verification/v2/code/reset-password/send', { method: 'POST', body: { email } });

export const resendResetCode = (email: string) =>
  api().call<unknown>('/user-verification/code/reset-password/resend', { method: 'POST', body: { email } });

export const consumeResetCode = (body: { email: string; code: string; new_password: string }) =>
  api().call<unknown>('/user-verification/code/reset-password/consume', { method: 'PUT', body });

export const domainBuildings = async (domain: string) =>
  (await api().call<{ data: Building[] }>('/public/buildings', { query: { domain } })).data;

export const currentUser = async () => (await api().call<{ data: User }>('/users/current')).data;

/** A one-time token for opening the admin site signed in. */
export const generateAuthLink = async () =>
  (await api().call<{ data: { ott: string } }>('/auth/v2/generate-auth-link', { method: 'POST' })).data.ott;
