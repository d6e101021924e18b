/** Pure rules for the links content and utilities open (content document, sections 2 and 4; access document, section 7). */
import type { ContentSource } from './contentView';

/** The survey micro-frontend's marker in a URL: such links open in a frame with the person's auth parameters. */
export const SURVEY_MARKER = 'mfe-survey';
export const isSurveyUrl = (url: string | null | undefined): url is string => !!url && url.includes(SURVEY_MARKER);

const HIERARCHICAL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const ADDRESS_SCHEME = /^(mailto|tel|sms):/i;

/**
 * A website as companies give it: `example.com` (or `example.com:8080`, or `//example.com`) becomes
 * `http://example.com`; a URL with a scheme (`https://…`, `mailto:…`) stays.
 */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  if (HIERARCHICAL_SCHEME.test(trimmed) || ADDRESS_SCHEME.test(trimmed)) return trimmed;
  return `http://${trimmed.replace(/^\/+/, '')}`;
}

/** The query a micro-frontend link carries (access document, section 7). */
export interface MicroFrontendParams {
  appBrand: string;
  buildingUuid: string;
  locale: string;
  authToken: string;
  firstName: string;
  lastName: string;
  userId: string;
  userUuid: string;
  apiUrl: string;
}

/** `url` with the micro-frontend parameters added (an absolute or same-origin relative URL; the rest of its query kept). */
export function microFrontendUrl(url: string, params: MicroFrontendParams, origin: string): string {
  const target = new URL(url, origin);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  // Another site's link (with a scheme, or protocol-relative) stays on that site; a relative one stays relative.
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url) ? target.toString() : `${target.pathname}${target.search}${target.hash}`;
}

/** The path of a content screen: `/building/{building}/{value lowercased}/{uuid}` (a tile's native navigation). */
export const contentScreenPath = (buildingUuid: string, value: string, uuid: string) =>
  `/building/${encodeURIComponent(buildingUuid)}/${value.toLowerCase().replace(/_/g, '-')}/${encodeURIComponent(uuid)}`;

/**
 * Which call loads the content of a content screen's path: the segment before the uuid — `event-posts`, `offers`,
 * `posts` through their own calls; `content`, `articles` (and anything else) through the v2 content call.
 */
export function sourceOfPath(pathname: string): ContentSource {
  const segment = pathname.replace(/\/+$/, '').split('/').at(-2);
  if (segment === 'event-posts') return 'event_post';
  if (segment === 'offers') return 'offer';
  if (segment === 'posts') return 'post';
  return 'content';
}
