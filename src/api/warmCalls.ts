/**
 * Calls started before the screen that reads them is there (issue 26: a home that appears at once). The sign-in's
 * answer starts the home's calls while the home's code and messages are still on their way; the home then takes each
 * answer instead of asking again. An answer is taken once, and only within a minute of its call: after that the
 * screen asks afresh. Signing out forgets them all, so nobody is shown what was fetched for the person before.
 */
const MAX_AGE_MS = 60_000;

const kept = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Starts `call` now and keeps its answer under `key` for the screen to take (a failure waits for the taker too); when
 * the same call is already under way and fresh, that one is kept instead of asking twice.
 */
export function startWarm<T>(key: string, call: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const running = kept.get(key);
  if (running && now() - running.at < MAX_AGE_MS) return running.answer as Promise<T>;
  const answer = call();
  answer.catch(() => {});
  kept.set(key, { at: now(), answer });
  return answer;
}

/** The kept answer under `key` (once), or `call` when there is none or it is too old. */
export function takeWarm<T>(key: string, call: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const warm = kept.get(key);
  kept.delete(key);
  return warm && now() - warm.at < MAX_AGE_MS ? (warm.answer as Promise<T>) : call();
}

/** Forgets every kept answer (signing out). */
export function forgetWarm(): void {
  kept.clear();
}
