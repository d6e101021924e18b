import { request } from './client';

export const whitelabelForHost = async (host: string) => (await request('get', '/public/whitelabel', { query: { domain: host } })).data;

export const whitelabelConfig = async (uuid: string) => (await request('get', '/public/whitelabel-config/{uuid}', { params: { uuid } })).data;

export const domainTheme = async (host: string) => (await request('get', '/public/theme', { query: { domain: host } })).data;

export const healthCheck = async () => {
  const answer = await request('get', '/healthcheck');
  if (answer.status !== 'OK') throw { status: 503, message: 'The service is not healthy' };
};
