import { defineScreen } from '../app/screen.types';
import type { HomeInput } from './home.machine';

export interface HomeParams {
  /** The app's origin (links under it stay in the app). */
  origin: string;
  /** The page's hash when the route was entered: a section to scroll to once the feed is in. */
  hashTarget: string | null;
}

/**
 * The home feed restarts for another building, language, or a change of the content-v2, safety, frame or discover-layout flags, and
 * when kiosk mode goes on or off (its utilities change).
 */
export const homeScreen = defineScreen<HomeParams, HomeInput>({
  input: (params, facts) =>
    facts.buildingUuid
      ? {
          buildingUuid: facts.buildingUuid,
          version: facts.flags['show-content-v-2'] ? 'v2' : 'v1',
          safety: facts.flags['safety-utility-button'],
          framesAllowed: facts.flags['open-tw-miniapp-in-iframe'],
          origin: params.origin,
          miniApps: facts.miniAppUrls,
          hashTarget: params.hashTarget,
          lobby: facts.lobby,
          discoverLayout: facts.flags['discover-layout'],
        }
      : null,
  restartKey: (_, facts) =>
    [
      facts.buildingUuid,
      facts.locale,
      facts.flags['show-content-v-2'],
      facts.flags['safety-utility-button'],
      facts.flags['open-tw-miniapp-in-iframe'],
      facts.lobby,
      facts.flags['discover-layout'],
    ].join('|'),
});
