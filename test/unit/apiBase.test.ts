import { describe, expect, it } from 'vitest';
import { apiBaseForHost } from '../../machines/app/apiBase';

const page = (href: string) => {
  const url = new URL(href);
  return { protocol: url.protocol, host: url.host, hostname: url.hostname };
};

describe('the API base by host name (access document, section 9)', () => {
  it.each([
    // A farm host gets its own API subdomain, with the configured path, scheme and port.
    ['https://farm-eu.atrium.example/home', '/api', 'https://api.farm-eu.atrium.example/api'],
    ['http://farm-qa-2.atrium.localhost:8080/login', '/api', 'http://api.farm-qa-2.atrium.localhost:8080/api'],
    ['https://farm-eu.atrium.example/', 'https://shared.atrium.example/v3/', 'https://api.farm-eu.atrium.example/v3'],
    ['https://FARM-EU.atrium.example/', '/api', 'https://api.farm-eu.atrium.example/api'],
    // Any other host: the shared host of the runtime configuration, unchanged.
    ['https://atrium.example/home', '/api', '/api'],
    ['https://harbor.localhost/home', 'https://shared.atrium.example/api', 'https://shared.atrium.example/api'],
    ['https://myfarm-eu.atrium.example/', '/api', '/api'],
    ['https://farm.atrium.example/', '/api', '/api'],
    ['https://farm-.atrium.example/', '/api', '/api'],
    ['https://tenant.farm-eu.example/', '/api', '/api'],
  ])('%s with %s configured calls %s', (href, configured, expected) => {
    expect(apiBaseForHost(page(href), configured)).toBe(expected);
  });
});
