import { describe, expect, it } from 'vitest';
import { sourceOfPath } from '../../machines/content/contentSource';
import {
  bridgedMiniAppOf,
  contentScreenPath,
  frameSandbox,
  isRegisteredMiniApp,
  isSurveyUrl,
  registeredMiniAppName,
  microFrontendUrl,
  readMicroFrontendContext,
  withMicroFrontendContext,
  SURVEY_MARKER,
  withScheme,
  type MicroFrontendParams,
} from '../../machines/content/links';

const ORIGIN = 'https://app.atrium.test';

const params = (overrides: Partial<MicroFrontendParams> = {}): MicroFrontendParams => ({
  appBrand: 'atrium',
  buildingUuid: 'b-1',
  locale: 'en',
  authToken: 'token-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  userId: '42',
  userUuid: 'user-1',
  apiUrl: 'https://api.atrium.test',
  ...overrides,
});

describe('isRegisteredMiniApp', () => {
  const registry = { origin: ORIGIN, miniApps: ['/mfe-survey/', 'https://apps.partner.test/visitors/', 'https://surveys.partner.test'] };

  it('is true under a registered base URL: relative ones on the app origin, absolute ones on their own', () => {
    for (const url of [
      '/mfe-survey/',
      '/mfe-survey/?survey=commute',
      `${ORIGIN}/mfe-survey/deep/page#x`,
      'https://apps.partner.test/visitors/',
      'https://apps.partner.test/visitors/new?x=1',
      'https://surveys.partner.test/anything',
      'HTTPS://APPS.PARTNER.TEST/visitors/',
    ]) {
      expect(isRegisteredMiniApp(url, registry), url).toBe(true);
    }
  });

  it('is false for look-alikes: another host or port, a path that only starts alike, credentials, other schemes', () => {
    for (const url of [
      'https://attacker.test/mfe-survey/',
      'https://attacker.test/?to=/mfe-survey/',
      `${ORIGIN}:8443/mfe-survey/`,
      `${ORIGIN}/mfe-survey-evil/`,
      `${ORIGIN}/other/mfe-survey/`,
      'https://apps.partner.test/visitors-evil/',
      'https://apps.partner.test.attacker.test/visitors/',
      'https://apps.partner.test@attacker.test/visitors/',
      'https://user:pw@apps.partner.test/visitors/',
      'http://apps.partner.test/visitors/',
      '//attacker.test/mfe-survey/',
      'javascript:alert(1)//mfe-survey/',
      'data:text/html,mfe-survey',
      '',
      null,
    ]) {
      expect(isRegisteredMiniApp(url, registry), String(url)).toBe(false);
    }
  });

  it('is false for everything when nothing is registered', () => {
    expect(isRegisteredMiniApp('/mfe-survey/', { origin: ORIGIN, miniApps: [] })).toBe(false);
  });
});

describe('registeredMiniAppName', () => {
  const registry = { origin: ORIGIN, miniApps: ['/mfe-visitors/', '/mfe-survey/', 'https://apps.partner.test/parking/'] };
  const names = { '/mfe-visitors/': 'Visitor registration', '/mfe-survey/': 'Survey', 'https://apps.partner.test/parking/': '  ' };

  it('is the name the link’s mini-app was registered with, whatever page and query of it the link opens', () => {
    expect(registeredMiniAppName('/mfe-survey/?survey=commute', registry, names)).toBe('Survey');
    expect(registeredMiniAppName(`${ORIGIN}/mfe-visitors/new`, registry, names)).toBe('Visitor registration');
  });

  it('is null for a link under no registered mini-app, a blank name, or one registered without a name', () => {
    expect(registeredMiniAppName('https://attacker.test/mfe-survey/', registry, names)).toBeNull();
    expect(registeredMiniAppName('https://apps.partner.test/parking/', registry, names)).toBeNull();
    expect(registeredMiniAppName('/mfe-survey/', registry, {})).toBeNull();
    expect(registeredMiniAppName('/constructor/', { origin: ORIGIN, miniApps: ['/constructor/'] }, {})).toBeNull();
    expect(registeredMiniAppName(null, registry, names)).toBeNull();
  });
});

describe('frameSandbox', () => {
  it('never allows top navigation; keeps its own origin only for a mini-app on another origin', () => {
    const same = frameSandbox('/mfe-survey/', ORIGIN);
    expect(same.split(' ')).toEqual(expect.arrayContaining(['allow-scripts', 'allow-forms']));
    expect(same).not.toContain('allow-same-origin');
    expect(same).not.toContain('allow-top-navigation');
    const other = frameSandbox('https://apps.partner.test/visitors/', ORIGIN);
    expect(other).toContain('allow-same-origin');
    expect(other).not.toContain('allow-top-navigation');
  });
});

describe('isSurveyUrl', () => {
  it('is true for a URL holding the survey marker anywhere', () => {
    expect(SURVEY_MARKER).toBe('mfe-survey');
    expect(isSurveyUrl('https://mfe-survey.example.com/s/1')).toBe(true);
    expect(isSurveyUrl('https://example.com/mfe-survey/index.html?id=3')).toBe(true);
    expect(isSurveyUrl('/mfe-survey')).toBe(true);
  });

  it('is false for other URLs, empty strings, null and undefined', () => {
    expect(isSurveyUrl('https://example.com/survey')).toBe(false);
    expect(isSurveyUrl('https://example.com/mfe_survey')).toBe(false);
    expect(isSurveyUrl('')).toBe(false);
    expect(isSurveyUrl(null)).toBe(false);
    expect(isSurveyUrl(undefined)).toBe(false);
  });

  it('is case-sensitive (the marker is lower case)', () => {
    expect(isSurveyUrl('https://example.com/MFE-SURVEY')).toBe(false);
  });
});

describe('withScheme', () => {
  it('adds http:// to a bare host or host with path', () => {
    expect(withScheme('example.com')).toBe('http://example.com');
    expect(withScheme('www.example.com/about?x=1')).toBe('http://www.example.com/about?x=1');
  });

  it('keeps http:// and https:// URLs', () => {
    expect(withScheme('https://example.com')).toBe('https://example.com');
    expect(withScheme('http://example.com/a')).toBe('http://example.com/a');
  });

  it('keeps other schemes (mailto, tel, custom app schemes), whatever their case', () => {
    expect(withScheme('mailto:hello@example.com')).toBe('mailto:hello@example.com');
    expect(withScheme('tel:+441234567890')).toBe('tel:+441234567890');
    expect(withScheme('HTTPS://EXAMPLE.COM')).toBe('HTTPS://EXAMPLE.COM');
    expect(withScheme('my-app+v1.2://open')).toBe('my-app+v1.2://open');
  });

  it('trims surrounding whitespace in both cases', () => {
    expect(withScheme('  example.com \n')).toBe('http://example.com');
    expect(withScheme('\thttps://example.com  ')).toBe('https://example.com');
  });

  it('does not take a leading digit for a scheme', () => {
    expect(withScheme('1password.com')).toBe('http://1password.com');
  });

  it('does not take a host and port, or a protocol-relative URL, for a scheme', () => {
    expect(withScheme('example.com:8080/x')).toBe('http://example.com:8080/x');
    expect(withScheme('localhost:3000')).toBe('http://localhost:3000');
    expect(withScheme('//example.com')).toBe('http://example.com');
  });
});

describe('the context parameter (base64 of JSON)', () => {
  it('adds context as URL-encoded base64 of the JSON, keeps the rest, and reads back any text', () => {
    const context = { opened_from: '/building/b-1/content/c-1', note: 'Café – 東京 ✓' };
    const link = withMicroFrontendContext('https://mfe.example.com/app?view=list#top', context, ORIGIN);
    const url = new URL(link);
    expect(url.searchParams.get('view')).toBe('list');
    expect(url.hash).toBe('#top');
    // In the address, base64's + / = are percent-encoded.
    expect(link).not.toMatch(/context=[^&#]*[+/=]/);
    const param = url.searchParams.get('context')!;
    expect(param).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(Buffer.from(param, 'base64').toString('utf8'))).toEqual(context);
    expect(readMicroFrontendContext(param)).toEqual(context);
  });

  it('keeps a relative link relative, and reads nothing from a parameter that is not one', () => {
    expect(withMicroFrontendContext('/mfe/app', { a: 1 }, ORIGIN)).toMatch(/^\/mfe\/app\?context=/);
    expect(readMicroFrontendContext(null)).toBeNull();
    expect(readMicroFrontendContext('not base64!')).toBeNull();
    expect(readMicroFrontendContext(btoa('not json'))).toBeNull();
  });
});

describe('microFrontendUrl', () => {
  it('adds every parameter to an absolute URL and keeps its query and hash', () => {
    const result = new URL(microFrontendUrl('https://mfe.example.com/app?view=list#top', params(), ORIGIN));
    expect(result.origin).toBe('https://mfe.example.com');
    expect(result.pathname).toBe('/app');
    expect(result.hash).toBe('#top');
    expect(result.searchParams.get('view')).toBe('list');
    expect(Object.fromEntries([...result.searchParams].filter(([key]) => key !== 'view'))).toEqual(params());
  });

  it('keeps a protocol-relative URL on its own host', () => {
    expect(microFrontendUrl('//cdn.example.com/app', params(), 'https://app.test')).toMatch(/^https:\/\/cdn\.example\.com\/app\?/);
  });

  it('returns an absolute URL for an absolute input', () => {
    expect(microFrontendUrl('https://mfe.example.com/app', params({ authToken: 't' }), ORIGIN)).toMatch(/^https:\/\/mfe\.example\.com\/app\?/);
  });

  it('keeps a relative URL relative (path, query and hash only)', () => {
    const result = microFrontendUrl('/mfe/app?x=1#h', params(), ORIGIN);
    expect(result.startsWith('/mfe/app?x=1&appBrand=atrium&')).toBe(true);
    expect(result.endsWith('#h')).toBe(true);
    expect(result).not.toContain(ORIGIN);
    expect(result).not.toContain('app.atrium.test');
  });

  it('resolves a path-relative URL against the origin root', () => {
    expect(microFrontendUrl('mfe/app', params(), ORIGIN).startsWith('/mfe/app?')).toBe(true);
  });

  it('overrides a parameter the URL already carries rather than repeating it', () => {
    const result = new URL(microFrontendUrl('https://mfe.example.com/?locale=fr&locale=de', params({ locale: 'en' }), ORIGIN));
    expect(result.searchParams.getAll('locale')).toEqual(['en']);
  });

  it('encodes values with reserved characters', () => {
    const result = microFrontendUrl('https://mfe.example.com/', params({ firstName: 'Ada & Co', lastName: 'O’Neil=1' }), ORIGIN);
    expect(result).toContain('firstName=Ada+%26+Co');
    const parsed = new URL(result);
    expect(parsed.searchParams.get('firstName')).toBe('Ada & Co');
    expect(parsed.searchParams.get('lastName')).toBe('O’Neil=1');
  });
});

describe('contentScreenPath', () => {
  it('lowercases the value and turns underscores into dashes', () => {
    expect(contentScreenPath('b-1', 'CONTENT', 'c-1')).toBe('/building/b-1/content/c-1');
    expect(contentScreenPath('b-1', 'EVENT_POSTS', 'e-1')).toBe('/building/b-1/event-posts/e-1');
    expect(contentScreenPath('b-1', 'A_B_C', 'x')).toBe('/building/b-1/a-b-c/x');
  });

  it('encodes the building and the uuid', () => {
    expect(contentScreenPath('b/1 x', 'POSTS', 'p?1#')).toBe('/building/b%2F1%20x/posts/p%3F1%23');
  });

  it('gives paths that sourceOfPath reads back', () => {
    expect(sourceOfPath(contentScreenPath('b', 'EVENT_POSTS', 'u'))).toBe('event_post');
    expect(sourceOfPath(contentScreenPath('b', 'OFFERS', 'u'))).toBe('offer');
    expect(sourceOfPath(contentScreenPath('b', 'POSTS', 'u'))).toBe('post');
    expect(sourceOfPath(contentScreenPath('b', 'CONTENT', 'u'))).toBe('content');
  });
});

describe('sourceOfPath', () => {
  it('maps the typed segments to their calls', () => {
    expect(sourceOfPath('/building/b-1/event-posts/e-1')).toBe('event_post');
    expect(sourceOfPath('/building/b-1/offers/o-1')).toBe('offer');
    expect(sourceOfPath('/building/b-1/posts/p-1')).toBe('post');
  });

  it('loads content, articles and anything else through the content call', () => {
    expect(sourceOfPath('/building/b-1/content/c-1')).toBe('content');
    expect(sourceOfPath('/building/b-1/articles/a-1')).toBe('content');
    expect(sourceOfPath('/building/b-1/whatever/x')).toBe('content');
    expect(sourceOfPath('/')).toBe('content');
    expect(sourceOfPath('')).toBe('content');
  });

  it('ignores trailing slashes', () => {
    expect(sourceOfPath('/building/b-1/offers/o-1/')).toBe('offer');
    expect(sourceOfPath('/building/b-1/event-posts/e-1///')).toBe('event_post');
  });

  it('reads only the segment right before the uuid', () => {
    // "offers" earlier in the path does not count.
    expect(sourceOfPath('/offers/b-1/content/c-1')).toBe('content');
    // Singular forms are not the typed paths.
    expect(sourceOfPath('/building/b-1/offer/o-1')).toBe('content');
    expect(sourceOfPath('/building/b-1/event-post/e-1')).toBe('content');
  });
});

describe('bridgedMiniAppOf (issue 23)', () => {
  const origin = 'http://localhost:8080';
  const apps = [
    { baseUrl: 'http://apps.localhost:8080/mfe-bridge-test/limited/', origins: ['http://apps.localhost:8080'], uuid: 'limited' },
    { baseUrl: 'http://apps.localhost:8080/mfe-bridge-test/', origins: ['http://apps.localhost:8080'], uuid: 'full' },
    { baseUrl: '/mfe-visitors/', origins: ['http://localhost:8080'], uuid: 'same-origin' },
    { baseUrl: 'https://elsewhere.test/app/', origins: ['https://other.test'], uuid: 'unlisted-origin' },
  ];
  it.each([
    ['http://apps.localhost:8080/mfe-bridge-test/?x=1', 'full'],
    ['http://apps.localhost:8080/mfe-bridge-test/limited/', 'limited'],
    ['/mfe-visitors/', null],
    ['https://elsewhere.test/app/', null],
    ['http://apps.localhost:8080/other/', null],
    ['http://user:pw@apps.localhost:8080/mfe-bridge-test/', null],
    ['javascript:alert(1)', null],
  ])('%s → %s', (url, uuid) => expect(bridgedMiniAppOf(url, apps, origin)?.uuid ?? null).toBe(uuid));
});
