import type { SnapshotFrom } from 'xstate';
import type { visitorCheckInMachine } from './visitorCheckIn.machine';

type Snapshot = Pick<SnapshotFrom<typeof visitorCheckInMachine>, 'hasTag' | 'context'>;

/** The camera's state as the viewfinder shows it. */
export const cameraView = (s: Pick<Snapshot, 'hasTag'>): 'starting' | 'live' | 'paused' | 'unavailable' =>
  s.hasTag('camera:live') ? 'live' : s.hasTag('camera:unavailable') ? 'unavailable' : s.hasTag('camera:paused') ? 'paused' : 'starting';

/** What the desk's panel shows. */
export const deskView = (s: Pick<Snapshot, 'hasTag'>): 'scanning' | 'checking' | 'welcomed' | 'refused' =>
  s.hasTag('welcomed') ? 'welcomed' : s.hasTag('refused') ? 'refused' : s.hasTag('checking') ? 'checking' : 'scanning';

/**
 * Whether the kiosk's home offers "Check in a visitor": in lobby mode only (decision 180); the
 * server decides whether the account signed in may run the desk.
 */
export const offersVisitorDesk = (kiosk: { hasTag(tag: 'kiosk'): boolean }) => kiosk.hasTag('kiosk');
