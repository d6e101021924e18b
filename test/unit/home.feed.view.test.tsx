import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, createMachine, fromPromise, setup } from 'xstate';
import { homeMachine, type HomeInput } from '../../machines/home/home.machine';
import { feedSectionMachine } from '../../machines/home/feedSection.machine';
import type { FeedCategory, SectionSeed, SectionSource } from '../../machines/home/feed';
import type { UtilityButton } from '../../machines/home/utilities';
import { BUILDING_ID } from '../../machines/building/building.machine';
import { KIOSK_ID } from '../../machines/kiosk/kiosk.machine';
import type { AppActor } from '../../machines/app/app.refs';
import { Feed, PromotedBlock } from '../../src/ui/home/Feed';
import { AppActorProvider } from '../../src/ui/appContext';
import { loadAreaCatalogue } from '../../src/i18n/areas';
import { englishCatalogue } from '../../src/i18n/locales';
import { deferred, flush, type Deferred } from '../fixtures/async';
import { feedCategory, feedTile } from '../fixtures/home';

/**
 * The feed as the page draws it while its sections answer: a section takes no space before its answer says what it
 * has, and none is drawn before the ones above it have answered, so nothing drawn is moved (the start-up layout shift
 * test's spotlight, drawn 332 px tall as a skeleton and then gone once its answer was empty).
 */
afterEach(cleanup);

let messages: Record<string, string>;
beforeAll(async () => {
  messages = { ...englishCatalogue, ...(await loadAreaCatalogue('home', 'en')) };
});

/** The app as the feed's tiles read it: no current building, no kiosk. */
function app(): AppActor {
  const root = setup({ actors: { building: createMachine({ context: { current: null } }), kiosk: createMachine({}) } }).createMachine({
    invoke: [
      { src: 'building', systemId: BUILDING_ID },
      { src: 'kiosk', systemId: KIOSK_ID },
    ],
  });
  return createActor(root).start() as unknown as AppActor;
}

const seed = (id: string, group: SectionSeed['group']): SectionSeed => ({
  id,
  group,
  name: `Category ${id}`,
  source: group === 'promoted' ? { version: 'v2', group: 'promoted' } : { version: 'v2', categoryUuid: id },
  categories: null,
  error: null,
});

/** A v2 home with a promoted section, one spotlight and one discover category, each answering when the test says. */
function home() {
  const answers: Record<string, Deferred<FeedCategory[]>> = { promoted: deferred(), spot: deferred(), disc: deferred() };
  const idOf = (source: SectionSource) => ('categoryUuid' in source ? source.categoryUuid : 'promoted');
  const machine = homeMachine.provide({
    actors: {
      loadFeed: fromPromise(async () => [seed('disc', 'discover'), seed('spot', 'spotlight'), seed('promoted', 'promoted')]),
      loadUtilities: fromPromise<UtilityButton[], { buildingUuid: string }>(() => new Promise(() => {})),
      section: feedSectionMachine.provide({ actors: { loadSection: fromPromise(({ input }) => answers[idOf(input.source)]!.promise) } }),
    },
  });
  const input: HomeInput = {
    buildingUuid: 'b-1',
    version: 'v2',
    safety: false,
    hashTarget: null,
    origin: 'https://tenant.test',
    miniApps: [],
    framesAllowed: false,
  };
  const actor = createActor(machine, { input }).start();
  const view = render(
    <AppActorProvider actor={app()}>
      <IntlProvider locale="en" messages={messages}>
        <PromotedBlock home={actor} />
        <Feed home={actor} />
      </IntlProvider>
    </AppActorProvider>,
  );
  const answer = async (id: string, categories: FeedCategory[]) => {
    await act(async () => {
      answers[id]!.resolve(categories);
      await flush();
    });
  };
  return { actor, view, answer };
}

const spotlight = (container: HTMLElement) => container.querySelector('[data-group="spotlight"]');
const skeletons = (container: HTMLElement) => container.querySelectorAll('[data-testid="feed-skeleton"]');
const headings = (container: HTMLElement) => [...container.querySelectorAll('h2')].map((h) => h.textContent);

describe('the feed as its sections answer', () => {
  it('the spotlight draws nothing while it loads, and nothing once its answer is empty', async () => {
    const { view, answer } = home();
    await act(flush);
    // The categories are in; every section loads: the feed says more is coming, once, and the spotlight takes no space.
    expect(spotlight(view.container)!.childElementCount).toBe(0);
    expect(skeletons(view.container)).toHaveLength(1);

    await answer('promoted', []);
    await answer('disc', [feedCategory('disc')]);
    // Discover has answered, but sits below the spotlight, which has not: it waits, so the spotlight coming cannot move it.
    expect(spotlight(view.container)!.childElementCount).toBe(0);
    expect(headings(view.container)).toEqual([]);
    expect(skeletons(view.container)).toHaveLength(1);

    await answer('spot', []);
    expect(spotlight(view.container)!.childElementCount).toBe(0);
    expect(headings(view.container)).toEqual(['Category disc']);
    expect(skeletons(view.container)).toHaveLength(0);
  });

  it('draws the sections in reading order as they answer, the placeholder always after them', async () => {
    const { view, answer } = home();
    await act(flush);
    await answer('promoted', [feedCategory('promoted', [feedTile({ uuid: 'p-1', title: 'Promoted tile' })])]);
    expect(view.getByRole('region', { name: 'Featured' })).toBeTruthy();
    await answer('spot', [feedCategory('spot')]);
    expect(headings(view.container)).toEqual(['Category spot']);
    // The placeholder follows what is drawn.
    const placeholder = skeletons(view.container)[0]!;
    expect(spotlight(view.container)!.compareDocumentPosition(placeholder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await answer('disc', [feedCategory('disc')]);
    expect(headings(view.container)).toEqual(['Category spot', 'Category disc']);
    expect(skeletons(view.container)).toHaveLength(0);
  });
});
