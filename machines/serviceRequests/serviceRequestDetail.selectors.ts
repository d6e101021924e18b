import type { PhotoView, ServiceRequestDetailContext, StatusChange } from './serviceRequestDetail.types';

/** The answers the detail names with words of its own, in the create form's order; the description is its body. */
export const KNOWN_ANSWERS = ['category', 'location', 'priority', 'preferred_date'] as const;
export type KnownAnswer = (typeof KNOWN_ANSWERS)[number];

/**
 * A request's answers as the detail lists them: the known ones in the form's order, then any other the form had
 * then (by its name), never the description (shown as the request's text) nor an empty one.
 */
export function answerFacts(answers: Record<string, string>): { name: string; known: boolean; value: string }[] {
  const known = KNOWN_ANSWERS.filter((name) => answers[name]).map((name) => ({ name, known: true, value: answers[name]! }));
  const others = Object.entries(answers)
    .filter(([name, value]) => value && name !== 'description' && !(KNOWN_ANSWERS as readonly string[]).includes(name))
    .map(([name, value]) => ({ name, known: false, value }));
  return [...known, ...others];
}

/** The timeline as the page shows it: the newest change first (what happened last is read first, as a parcel's). */
export const newestChangeFirst = (timeline: readonly StatusChange[]) => timeline.toReversed();

/** Who made a change, as the page says it: you, the vendor or staff member by name, or the building team. */
export function changedBy(change: Pick<StatusChange, 'by' | 'by_name'>): { who: 'you' } | { who: 'team' } | { who: 'named'; name: string } {
  if (change.by === 'requester') return { who: 'you' };
  return change.by_name ? { who: 'named', name: change.by_name } : { who: 'team' };
}

/** How a photo shows: read and shown, could not be read, or still being read. */
export const photoView = (context: Pick<ServiceRequestDetailContext, 'shown' | 'unshown'>, id: string): PhotoView =>
  context.shown[id] ? 'shown' : context.unshown.includes(id) ? 'unshown' : 'loading';
