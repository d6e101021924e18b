import { request } from './client';
import { contentQuery as ordering } from './contentQuery';
import { startWarm, takeWarm } from './warmCalls';

/**
 * The home page's calls (content document, section 7). Every content call carries the language and the ordering:
 * by name, descending, from offset 0; categories are asked 100 at a time.
 */

const CATEGORY_LIMIT = 100;

/** The v1 groups, each its own path of the API document. */
const V1_GROUPS = {
  'categories/contents-spotlight': (id: string, lang: string) =>
    request('get', '/tenant/v1/buildings/{id}/categories/contents-spotlight', { params: { id }, query: ordering(lang) }),
  'categories/contents': (id: string, lang: string) =>
    request('get', '/tenant/v1/buildings/{id}/categories/contents', { params: { id }, query: ordering(lang) }),
  'contents-promoted': (id: string, lang: string) =>
    request('get', '/tenant/v1/buildings/{id}/contents-promoted', { params: { id }, query: ordering(lang) }),
};

type CategoryGroupPath = keyof typeof V1_GROUPS;

/** The home's calls by name, each with the key its answer is kept under when it starts before the home asks. */
const CALLS = {
  v1Group: {
    key: (buildingUuid: string, path: CategoryGroupPath, lang: string) => `v1|${path}|${buildingUuid}|${lang}`,
    call: async (buildingUuid: string, path: CategoryGroupPath, lang: string) => (await V1_GROUPS[path](buildingUuid, lang)).data,
  },
  categories: {
    key: (buildingUuid: string, lang: string) => `categories|${buildingUuid}|${lang}`,
    call: async (buildingUuid: string, lang: string) =>
      (
        await request('get', '/tenant/v1/buildings/{id}/categories', {
          params: { id: buildingUuid },
          query: { active: true, limit: CATEGORY_LIMIT, lang },
        })
      ).data,
  },
  categoryContent: {
    key: (buildingUuid: string, categoryUuid: string, lang: string) => `category|${categoryUuid}|${buildingUuid}|${lang}`,
    call: async (buildingUuid: string, categoryUuid: string, lang: string) =>
      (
        await request('get', '/tenant/v2/buildings/{id}/categories/{categoryUuid}/content', {
          params: { id: buildingUuid, categoryUuid },
          query: { ...ordering(lang), limit: CATEGORY_LIMIT },
        })
      ).data,
  },
  promoted: {
    key: (buildingUuid: string, lang: string) => `promoted|${buildingUuid}|${lang}`,
    call: async (buildingUuid: string, lang: string) =>
      (await request('get', '/tenant/v2/buildings/{id}/promoted-content', { params: { id: buildingUuid }, query: ordering(lang) })).data,
  },
  utilityButtons: {
    key: (buildingUuid: string) => `utilities|${buildingUuid}`,
    call: async (buildingUuid: string) =>
      (await request('get', '/tenant/v1/buildings/{id}/utility-buttons', { params: { id: buildingUuid } })).data.utility_buttons,
  },
  sanitizedTags: {
    key: (buildingUuid: string, lang: string) => `tags|${buildingUuid}|${lang}`,
    call: async (buildingUuid: string, lang: string) =>
      (await request('get', '/tenant/v2/buildings/{id}/sanitized-tags', { params: { id: buildingUuid }, query: ordering(lang) })).data,
  },
};

type Calls = typeof CALLS;
type CallName = keyof Calls;
type ArgsOf<N extends CallName> = Parameters<Calls[N]['call']>;
type AnswerOf<N extends CallName> = Awaited<ReturnType<Calls[N]['call']>>;

/** The call's kept answer when one was started early, else the call now. */
function take<N extends CallName>(name: N, ...args: ArgsOf<N>): Promise<AnswerOf<N>> {
  const { key, call } = CALLS[name] as unknown as { key: (...a: ArgsOf<N>) => string; call: (...a: ArgsOf<N>) => Promise<AnswerOf<N>> };
  return takeWarm(key(...args), () => call(...args));
}

/** Starts the call now and keeps its answer for the home to take. */
function start<N extends CallName>(name: N, ...args: ArgsOf<N>): Promise<AnswerOf<N>> {
  const { key, call } = CALLS[name] as unknown as { key: (...a: ArgsOf<N>) => string; call: (...a: ArgsOf<N>) => Promise<AnswerOf<N>> };
  return startWarm(key(...args), () => call(...args));
}

/** A v1 group: spotlight, discover or promoted categories, each with its contents. */
export const v1Group = (buildingUuid: string, path: CategoryGroupPath, lang: string) => take('v1Group', buildingUuid, path, lang);

/** The building's active categories of both types, audience and secondary content (v2). */
export const v2Categories = (buildingUuid: string, lang: string) => take('categories', buildingUuid, lang);

/** One category's content (v2). */
export const v2CategoryContent = (buildingUuid: string, categoryUuid: string, lang: string) =>
  take('categoryContent', buildingUuid, categoryUuid, lang);

/** The promoted contents (v2). */
export const v2Promoted = (buildingUuid: string, lang: string) => take('promoted', buildingUuid, lang);

/** Starts the promoted call for the promoted section to take when it asks (it needs nothing from the categories). */
export const startPromoted = (buildingUuid: string, lang: string) => start('promoted', buildingUuid, lang);

/** The building's utility buttons. */
export const utilityButtons = (buildingUuid: string) => take('utilityButtons', buildingUuid);

/** The building's sanitized tags: its displayed contents' tags, trimmed, lower-cased, once each (the feed's topics). */
export const sanitizedTags = (buildingUuid: string, lang: string) => take('sanitizedTags', buildingUuid, lang);

/** The categories the feed shows (v2): the active spotlight and discover ones. */
export const inFeed = (category: { active: boolean; group: string }) =>
  category.active && (category.group === 'spotlight' || category.group === 'discover');

/**
 * The home's calls, started before the home is on screen (with the sign-in's answer, or beside the building on a page
 * load): the feed's (v2: the categories and then the contents of its spotlight and discover ones, and the promoted
 * contents; v1: its three groups), the utility buttons and the topics. The home's own calls take these answers.
 * Answers the picture of the promoted block's first tile, the feed's first on screen, for the page to fetch at once.
 */
export function warmHome(buildingUuid: string, lang: string, version: 'v1' | 'v2'): Promise<string | null> {
  const quiet = (answer: Promise<unknown>) => void answer.catch(() => {});
  let firstImage: Promise<string | null>;
  if (version === 'v1') {
    for (const path of Object.keys(V1_GROUPS) as CategoryGroupPath[]) quiet(start('v1Group', buildingUuid, path, lang));
    firstImage = start('v1Group', buildingUuid, 'contents-promoted', lang).then(
      (groups) => groups.flatMap((group) => group.contents).find((item) => item.image_url)?.image_url ?? null,
    );
  } else {
    firstImage = start('promoted', buildingUuid, lang).then((items) => items.find((item) => item.image_url)?.image_url ?? null);
    quiet(
      start('categories', buildingUuid, lang).then((categories) => {
        for (const category of categories.filter(inFeed)) quiet(start('categoryContent', buildingUuid, category.uuid, lang));
      }),
    );
  }
  quiet(start('utilityButtons', buildingUuid));
  quiet(start('sanitizedTags', buildingUuid, lang));
  return firstImage.catch(() => null);
}
