import { api, type Schemas } from './client';

/**
 * The home page's calls (content document, section 7). Every content call carries the language and the ordering:
 * by name, descending, from offset 0; categories are asked 100 at a time.
 */

const seg = encodeURIComponent;
const ordering = (lang: string) => ({ lang, orderByProperty: 'name', orderBy: 'DESC', offset: 0 });
const CATEGORY_LIMIT = 100;

type CategoryGroupPath = 'categories/contents-spotlight' | 'categories/contents' | 'contents-promoted';

/** A v1 group: spotlight, discover or promoted categories, each with its contents. */
export const v1Group = async (buildingUuid: string, path: CategoryGroupPath, lang: string) =>
  (await api().call<{ data: Schemas['ContentCategory'][] }>(`/tenant/v1/buildings/${seg(buildingUuid)}/${path}`, { query: ordering(lang) })).data;

/** The building's active categories of both types, audience and secondary content (v2). */
export const v2Categories = async (buildingUuid: string, lang: string) =>
  (
    await api().call<{ data: Schemas['CategorySummary'][] }>(`/tenant/v1/buildings/${seg(buildingUuid)}/categories`, {
      query: { active: true, limit: CATEGORY_LIMIT, lang },
    })
  ).data;

/** One category's content (v2). */
export const v2CategoryContent = async (buildingUuid: string, categoryUuid: string, lang: string) =>
  (
    await api().call<{ data: Schemas['ContentTile'][] }>(`/tenant/v2/buildings/${seg(buildingUuid)}/categories/${seg(categoryUuid)}/content`, {
      query: { ...ordering(lang), limit: CATEGORY_LIMIT },
    })
  ).data;

/** The promoted contents (v2). */
export const v2Promoted = async (buildingUuid: string, lang: string) =>
  (await api().call<{ data: Schemas['PromotedContent'][] }>(`/tenant/v2/buildings/${seg(buildingUuid)}/promoted-content`, { query: ordering(lang) })).data;

/** The building's utility buttons. */
export const utilityButtons = async (buildingUuid: string) =>
  (await api().call<{ data: { utility_buttons: Schemas['UtilityButton'][] } }>(`/tenant/v1/buildings/${seg(buildingUuid)}/utility-buttons`)).data.utility_buttons;
