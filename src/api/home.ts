import { request } from './client';
import { contentQuery as ordering } from './contentQuery';

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

/** A v1 group: spotlight, discover or promoted categories, each with its contents. */
export const v1Group = async (buildingUuid: string, path: CategoryGroupPath, lang: string) => (await V1_GROUPS[path](buildingUuid, lang)).data;

/** The building's active categories of both types, audience and secondary content (v2). */
export const v2Categories = async (buildingUuid: string, lang: string) =>
  (
    await request('get', '/tenant/v1/buildings/{id}/categories', {
      params: { id: buildingUuid },
      query: { active: true, limit: CATEGORY_LIMIT, lang },
    })
  ).data;

/** One category's content (v2). */
export const v2CategoryContent = async (buildingUuid: string, categoryUuid: string, lang: string) =>
  (
    await request('get', '/tenant/v2/buildings/{id}/categories/{categoryUuid}/content', {
      params: { id: buildingUuid, categoryUuid },
      query: { ...ordering(lang), limit: CATEGORY_LIMIT },
    })
  ).data;

/** The promoted contents (v2). */
export const v2Promoted = async (buildingUuid: string, lang: string) =>
  (await request('get', '/tenant/v2/buildings/{id}/promoted-content', { params: { id: buildingUuid }, query: ordering(lang) })).data;

/** The building's utility buttons. */
export const utilityButtons = async (buildingUuid: string) =>
  (await request('get', '/tenant/v1/buildings/{id}/utility-buttons', { params: { id: buildingUuid } })).data.utility_buttons;

/** The building's sanitized tags: its displayed contents' tags, trimmed, lower-cased, once each (the feed's topics). */
export const sanitizedTags = async (buildingUuid: string, lang: string) =>
  (await request('get', '/tenant/v2/buildings/{id}/sanitized-tags', { params: { id: buildingUuid }, query: ordering(lang) })).data;
