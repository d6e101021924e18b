import { buildingOf, defineScreen, type BuildingParams } from '../app/screen.types';
import type { ContentDetailInput } from './contentDetail.machine';
import type { ContentSource } from './contentView';

export interface ContentDetailParams extends BuildingParams {
  contentUuid: string;
  /** Which call the path names (content/, posts/, event-posts/, offers/, articles/). */
  source: ContentSource;
  origin: string;
  /** When the route was entered: the call-to-action display window is judged against it. */
  now: string;
}

/**
 * A content screen restarts for another building, content, path type or language (its text comes in that language),
 * and when kiosk mode goes on or off (its personal actions come or go).
 */
export const contentDetailScreen = defineScreen<ContentDetailParams, ContentDetailInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid
      ? {
          source: params.source,
          buildingUuid,
          uuid: params.contentUuid,
          links: { origin: params.origin, miniApps: facts.miniAppUrls },
          now: params.now,
          lobby: facts.lobby,
        }
      : null;
  },
  restartKey: (params, facts) => [buildingOf(params, facts), params.source, params.contentUuid, facts.locale, facts.lobby ? 'lobby' : ''].join('|'),
});
