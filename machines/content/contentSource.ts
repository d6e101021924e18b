import type { ContentSource } from './contentView';

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
