/**
 * The lobby kiosk's visitor desk (issue 23; decisions 167, 168 and 180): a guest shows their
 * pass to the camera or types its code; the kiosk checks them in (or, leaving, out) and greets them by name.
 */

/** Arriving guests are checked in; leaving ones checked out (which revokes the pass). */
export type DeskMode = 'checkIn' | 'checkOut';

/** Why the typed code was not sent: nothing typed, or not a code's shape (twelve letters and digits). */
export type TypedCodeError = 'empty' | 'shape';

/** Why the camera cannot be used: no camera, permission refused, or it failed to start. */
export type CameraProblem = 'none' | 'denied' | 'failed';

/**
 * The running camera as its actor hands it over: the view attaches it to its preview. Opaque here (the composition
 * root's adapter holds the browser's stream).
 */
export interface CameraFeed {
  /** Shows the feed in a preview element (a <video>); answers how to detach it. */
  attach(preview: { srcObject: unknown }): () => void;
}

/** What the check-in or check-out call sends. */
export interface PassCheck {
  buildingUuid: string;
  /** The code as `XXXX-XXXX-XXXX`, read as the server reads it. */
  code: string;
  mode: DeskMode;
}

/** What the kiosk may show of a checked visit: the guest's and the host's names, nothing else. */
export interface PassAnswer {
  guestName: string;
  hostName: string;
}

/** Each refusal the kiosk explains in its own words (the server's codes; then the call's own failures). */
export type RefusalKind =
  | 'invalid_pass'
  | 'wrong_building'
  | 'pass_used'
  | 'pass_revoked'
  | 'pass_not_yet_valid'
  | 'pass_expired'
  | 'not_checked_in'
  | 'not_a_kiosk'
  | 'rate_limited'
  | 'offline'
  | 'failed';

export interface Refusal {
  kind: RefusalKind;
  /** A pass not valid yet: from when (the server's message: `valid from HH:MM on YYYY-MM-DD`), when it says so. */
  validFrom: { date: string; time: string } | null;
}

export interface VisitorCheckInInput {
  /** The building whose visitor desk this is (the current one). */
  buildingUuid: string;
}

export interface VisitorCheckInContext extends VisitorCheckInInput {
  mode: DeskMode;
  /** The code field as typed. */
  typed: string;
  typedError: TypedCodeError | null;
  /** The last camera read was a QR code that is no pass (a hint shows until the next read or keystroke). */
  foreignQr: boolean;
  /** The code of the check running or just done: the camera reading it again is not sent again. */
  lastCode: string | null;
  /** The checked guest, while the greeting shows; forgotten when the desk returns to scanning. */
  guest: PassAnswer | null;
  refusal: Refusal | null;
  feed: CameraFeed | null;
  cameraProblem: CameraProblem | null;
}

export type CameraReport =
  | { type: 'camera.live'; feed: CameraFeed }
  | { type: 'camera.unavailable'; problem: CameraProblem }
  /** A QR code came into view (reported once while it stays in view). */
  | { type: 'camera.read'; text: string };

export type VisibilityReport = { type: 'page.hidden' } | { type: 'page.shown' };

export type VisitorCheckInEvent =
  | CameraReport
  | VisibilityReport
  | { type: 'user.type'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.mode'; mode: DeskMode }
  /** "Next visitor" on the greeting. */
  | { type: 'user.next' }
  /** "Try again" on a refusal. */
  | { type: 'user.retry' }
  /** "Try the camera again" where it was unavailable (permission given since, a camera plugged in). */
  | { type: 'user.retryCamera' };

export type VisitorCheckInTag =
  'scanning' | 'checking' | 'welcomed' | 'refused' | 'camera:starting' | 'camera:live' | 'camera:paused' | 'camera:unavailable';
