import { request } from './client';
import { brandScope } from '../../contracts/brands';

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

export const login = (email: string, password: string) => request('post', '/auth/v2/login', { body: { email, password } });

export const logout = () => request('post', '/auth/logout');

/** Trades the current (older-version) access token for version 3 tokens of the same session. */
export const upgradeSession = () => request('post', '/auth/upgrade');

export const refreshSession = (refreshToken: string) =>
  request('post', '/auth/v2/refresh', { body: { refresh_token: refreshToken }, withoutBearer: true });

export const validateEmail = async (email: string) => (await request('post', '/auth/v2/validate-email', { body: { email } })).data;

export const register = async (fields: RegisterFields) => (await request('post', '/auth/register', { body: { ...fields } })).user;

/** Confirms a sign-up with its mailed code, setting the password then (the server never keeps one set before). */
export const consumeSignupCode = async (email: string, code: string, password: string) =>
  (await request('put', '/user-verification/code/{code}/consume', { params: { code }, query: { email }, body: { password } })).data;

export const resendSignupCode = (email: string) => request('post', '/user-verification/code/resend', { body: { email } });

/** The buildings a work email's domain may sign up to, kept to the brand's own when it is a scoped brand (section 7). */
export const domainBuildings = async (domain: string, brand: string) =>
  (await request('get', '/public/buildings', { query: { domain, brand_scope: brandScope(brand) } })).data;

export const currentUser = async () => (await request('get', '/users/current')).data;

/** A one-time token for opening the admin site signed in. */
export const generateAuthLink = async () => (await request('post', '/auth/v2/generate-auth-link')).data.ott;

/** The public buildings open to guests (no sign-in needed). */
export const guestBuildings = async () => (await request('get', '/public/guest-buildings')).data;
