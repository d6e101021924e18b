import { describe, expect, it } from 'vitest';
import { FLAG_DEFAULTS } from '../../contracts/flags';
import { directMiniAppScreen } from '../../machines/linkOut/directMiniApp.screen';
import { buildMiniApp } from '../fixtures/miniApps';
import { screenFacts } from '../fixtures/screens';

const VISITORS = buildMiniApp({ uuid: 'app-visitors', name: 'Visitors' });
const SURVEY = buildMiniApp({ uuid: 'app-survey', name: 'Survey' });
const on = screenFacts({ miniApps: [VISITORS, SURVEY], flags: { ...FLAG_DEFAULTS, 'enable-tw-direct-link': true } });

describe('/apps/{appUuid} (decision 183)', () => {
  it('starts from the registration with the address’s uuid, the flag and kiosk mode, once a building is known', () => {
    expect(directMiniAppScreen.input({ appUuid: 'app-survey' }, on)).toEqual({ appUuid: 'app-survey', app: SURVEY, enabled: true, lobby: false });
    expect(directMiniAppScreen.input({ appUuid: 'app-none' }, on)).toMatchObject({ app: null });
    expect(directMiniAppScreen.input({ appUuid: 'app-survey' }, { ...on, lobby: true })).toMatchObject({ lobby: true });
    expect(directMiniAppScreen.input({ appUuid: 'app-survey' }, screenFacts({ miniApps: [SURVEY] }))).toMatchObject({ enabled: false });
    expect(directMiniAppScreen.input({ appUuid: 'app-survey' }, { ...on, buildingUuid: null })).toBeNull();
  });

  it('starts again for another mini-app, building, language, flag value or kiosk mode, and for nothing else', () => {
    const key = (appUuid: string, facts = on) => directMiniAppScreen.restartKey({ appUuid }, facts);
    const same = key('app-visitors');
    expect(key('app-survey')).not.toBe(same);
    expect(key('app-visitors', { ...on, buildingUuid: 'b-2' })).not.toBe(same);
    expect(key('app-visitors', { ...on, locale: 'de-DE' })).not.toBe(same);
    expect(key('app-visitors', { ...on, lobby: true })).not.toBe(same);
    expect(key('app-visitors', { ...on, flags: FLAG_DEFAULTS })).not.toBe(same);
    expect(key('app-visitors', { ...on, helpDeskEmail: 'help@x.example', miniAppUrls: ['https://x.example/'] })).toBe(same);
  });
});
