import { api } from './client';
import type { paths } from '../../contracts/api';

type Json<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer T } } } } } ? T : never;

export type PublicWhitelabel = Json<'/public/whitelabel'>['data'];
export type WhitelabelConfig = Json<'/public/whitelabel-config/{uuid}'>['data'];
export type DomainTheme = Json<'/public/theme'>['data'];

export const whitelabelForHost = async (host: string) =>
  (await api().call<Json<'/public/whitelabel'>>('/public/whitelabel', { query: { domain: host } })).data;

export const whitelabelConfig = async (uuid: string) =>
  (await api().call<Json<'/public/whitelabel-config/{uuid}'>>(`/public/whitelabel-config/${uuid}`)).data;

export const domainTheme = async (host: string) =>
  (await api().call<Json<'/public/theme'>>('/public/theme', { query: { domain: host } })).data;

export const healthCheck = async () => {
  const answer = await api().call<Json<'/healthcheck'>>('/healthcheck');
  if (answer.status !== 'OK') throw { status: 503, message: 'The service is not healthy' };
};
