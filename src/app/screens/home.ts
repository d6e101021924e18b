import { fromPromise } from 'xstate';
import { homeMachine } from '../../../machines/home/home.machine';
import { feedSectionMachine } from '../../../machines/home/feedSection.machine';
import { orderCategories, type FeedCategory, type FeedGroup, type SectionSeed, type SectionSource } from '../../../machines/home/feed';
import * as homeApi from '../../api/home';
import { track } from '../../api/analytics';
import type { AppActor } from '../appActor';
import { followLinkAction, linkOutFrameLogic } from './linkOut';
import { currentPath, replaceHash } from '../adapters/navigation';
import { requestValues } from '../../api/client';

const lang = () => requestValues().locale;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

const V1_PATHS = { promoted: 'contents-promoted', spotlight: 'categories/contents-spotlight', discover: 'categories/contents' } as const;

/** Events by start time, the rest as the server ordered them (decision 070); the promoted block keeps the server's first. */
const inReadingOrder = (group: FeedGroup, categories: FeedCategory[]) =>
  group === 'promoted' ? categories : orderCategories(categories, new Date());

/** A v1 group's categories, or the group as one failed section. */
async function v1Section(buildingUuid: string, group: FeedGroup): Promise<SectionSeed> {
  const base = { id: group, group, name: group, source: { version: 'v1', group } as SectionSource };
  try {
    return { ...base, categories: inReadingOrder(group, await homeApi.v1Group(buildingUuid, V1_PATHS[group], lang())), error: null };
  } catch (error) {
    return { ...base, categories: null, error: message(error) };
  }
}

/**
 * The feed's calls. v1: the promoted, spotlight and discover calls, each failing on its own. v2: the categories
 * (spotlight and discover by group), whose contents the sections load themselves, and the promoted call, which needs
 * nothing from the categories and so leaves beside them; the promoted section takes that answer when it asks.
 */
export function feedCalls() {
  async function loadFeed(buildingUuid: string, version: 'v1' | 'v2'): Promise<SectionSeed[]> {
    if (version === 'v1') return Promise.all((['promoted', 'spotlight', 'discover'] as const).map((group) => v1Section(buildingUuid, group)));
    // Its failure belongs to the promoted section, which reads it when it asks (src/api/warmCalls.ts keeps it).
    homeApi.startPromoted(buildingUuid, lang()).catch(() => {});
    const categories = await homeApi.v2Categories(buildingUuid, lang());
    const promoted: SectionSeed = {
      id: 'promoted',
      group: 'promoted',
      name: 'promoted',
      source: { version: 'v2', group: 'promoted' },
      categories: null,
      error: null,
    };
    return [
      promoted,
      ...categories.filter(homeApi.inFeed).map((category): SectionSeed => ({
        id: category.uuid,
        group: category.group as FeedGroup,
        name: category.name,
        source: { version: 'v2', categoryUuid: category.uuid },
        categories: null,
        error: null,
      })),
    ];
  }

  /** A section's content, asked again (v1) or for the first time (v2; each takes an answer started early, once). */
  async function loadSection(buildingUuid: string, source: SectionSource, name: string): Promise<FeedCategory[]> {
    if (source.version === 'v1') return inReadingOrder(source.group, await homeApi.v1Group(buildingUuid, V1_PATHS[source.group], lang()));
    if ('categoryUuid' in source)
      return orderCategories(
        [{ uuid: source.categoryUuid, name, contents: await homeApi.v2CategoryContent(buildingUuid, source.categoryUuid, lang()) }],
        new Date(),
      );
    const promoted = await homeApi.v2Promoted(buildingUuid, lang());
    return [{ uuid: 'promoted', name, contents: promoted.map((item) => ({ ...item, navigation_command: null })) }];
  }

  return { loadFeed, loadSection };
}

/** A section of the page by its id (a category uuid, or spotlight, discover, utilities, home). */
const sectionElement = (id: string) => document.getElementById(id);

/** The home screen's addresses: /home, /building, /building/{uuid}. */
const isHomePath = (path: string | null) => path !== null && /^\/(home|building)(\/[^/]+)?\/?$/.test(path);

/** The home screen with the real API, the router, the link-out frame and the page's scroll and hash. */
export function homeLogic(app: AppActor) {
  const { loadFeed, loadSection } = feedCalls();
  return homeMachine.provide({
    actors: {
      loadFeed: fromPromise(({ input }) => loadFeed(input.buildingUuid, input.version)),
      loadUtilities: fromPromise(({ input }) => homeApi.utilityButtons(input.buildingUuid)),
      loadTopics: fromPromise(({ input }) => homeApi.sanitizedTags(input.buildingUuid, lang())),
      section: feedSectionMachine.provide({
        actors: { loadSection: fromPromise(({ input }) => loadSection(input.buildingUuid, input.source, input.name)) },
      }),
      linkOut: linkOutFrameLogic(),
    },
    actions: {
      followLink: followLinkAction(app),
      trackClick: (_, click) => void track(click),
      scrollToSection: (_, { id }) => sectionElement(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      // A scroll measured as the person leaves must not write its hash into the next page's address.
      writeHash: (_, { id }) => {
        if (isHomePath(currentPath())) replaceHash(id);
      },
    },
  });
}
