/** The call-to-action rules shared by the RSVP and claim flows (content document, section on actions). */

export const FEW_SPOTS_THRESHOLD = 5;

/** The CTA button is enabled only inside its display window, when one is given. */
export function inDisplayWindow(window: { displayStartAt: string | null; displayEndAt: string | null }, now: Date): boolean {
  const start = window.displayStartAt ? Date.parse(window.displayStartAt) : Number.NEGATIVE_INFINITY;
  const end = window.displayEndAt ? Date.parse(window.displayEndAt) : Number.POSITIVE_INFINITY;
  const t = now.getTime();
  return t >= start && t <= end;
}

/** Spots left at an event; null when it has no capacity limit. */
export const spotsLeft = (capacity: number | null, attendeeCount: number) => (capacity === null ? null : Math.max(0, capacity - attendeeCount));

/** The few-spots warning: fewer than five left (and not none). */
export const fewSpots = (left: number | null) => left !== null && left > 0 && left < FEW_SPOTS_THRESHOLD;

/** What a failed update answered, as the flows tell them apart. */
export type UpdateFailure = 'full' | 'already' | 'other';

export function failureKind(error: unknown): UpdateFailure {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'rsvp_full' || code === 'claim_full') return 'full';
  if (code === 'already_rsvpd' || code === 'already_claimed') return 'already';
  return 'other';
}
