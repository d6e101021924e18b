import { describe, expect, it } from 'vitest';
import { homeLayout, isLiveWork, type LiveWorkFacts } from '../../machines/home/liveWork';

const facts = (overrides: Partial<LiveWorkFacts> = {}): LiveWorkFacts => ({
  host: 'atrium.example',
  buildingUuid: 'b-1',
  liveWorkBuildings: [],
  flag: false,
  ...overrides,
});

describe('the live-work interface (access document, section 9)', () => {
  it.each([
    ['livework.example.com', true],
    ['tenants.livework.example', true],
    ['my-livework-homes.example', true],
    ['LiveWork.localhost', true],
    ['atrium.example', false],
    ['harbor.localhost', false],
    ['live-work.example', false],
  ])('the host %s forces it: %s', (host, expected) => {
    expect(isLiveWork(facts({ host }))).toBe(expected);
  });

  it('a live-work building forces it, whatever the case of its id; another building does not', () => {
    expect(isLiveWork(facts({ liveWorkBuildings: ['B-1'] }))).toBe(true);
    expect(isLiveWork(facts({ liveWorkBuildings: ['b-2'] }))).toBe(false);
    expect(isLiveWork(facts({ buildingUuid: null, liveWorkBuildings: ['b-1'] }))).toBe(false);
  });

  it('the test flag forces it anywhere', () => {
    expect(isLiveWork(facts({ flag: true }))).toBe(true);
  });

  it('changes the words and puts the community before the services', () => {
    expect(homeLayout(false)).toEqual({ kind: 'office', wording: 'office', parts: ['welcome', 'utilities', 'tabs', 'feed'], titledUtilities: false });
    expect(homeLayout(true)).toEqual({
      kind: 'liveWork',
      wording: 'resident',
      parts: ['welcome', 'tabs', 'feed', 'utilities'],
      titledUtilities: true,
    });
  });
});
