import type { SaveVisitInput } from '../../../machines/visitors/visitorPasses.machine';
import type { Visit, VisitLists, VisitsError } from '../../../machines/visitors/visitorPasses.types';

/**
 * The visits API (server/routes/visits.ts), called from the mini-app's origin with its bridge token, never the
 * person's. A failure rejects with `{status, message, code}` (status 0: no answer).
 */
export function visitsApi(apiBase: string) {
  const base = `${apiBase.replace(/\/+$/, '')}/tenant/v1/visits`;
  async function call<T>(token: string, path: string, method = 'GET', body?: unknown): Promise<T> {
    let answer: Response;
    try {
      answer = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        credentials: 'omit',
      });
    } catch {
      throw { status: 0, message: 'No answer from the server' } satisfies VisitsError;
    }
    const json = (await answer.json().catch(() => null)) as { data?: T; message?: string; code?: string } | null;
    if (!answer.ok)
      throw { status: answer.status, message: json?.message ?? answer.statusText, ...(json?.code ? { code: json.code } : {}) } satisfies VisitsError;
    return json!.data as T;
  }
  return {
    list: (token: string) => call<VisitLists>(token, ''),
    save: (input: SaveVisitInput) => {
      if (input.uuid === null) {
        const { note, ...visit } = input.visit;
        return call<Visit>(input.token, '', 'POST', note ? { ...visit, note } : visit);
      }
      const { note, ...changes } = input.changes;
      return call<Visit>(
        input.token,
        `/${encodeURIComponent(input.uuid)}`,
        'PATCH',
        note === undefined ? changes : { ...changes, note: note || null },
      );
    },
    cancel: (token: string, uuid: string) => call<Visit>(token, `/${encodeURIComponent(uuid)}/cancel`, 'POST'),
  };
}

/** The API's base: the frame's `apiUrl` (the host puts it in the address), else the host's `/api`. */
export function apiBaseOf(search: URLSearchParams, hostOrigin: string | null): string {
  const given = search.get('apiUrl');
  try {
    if (given) {
      const url = new URL(given);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString().replace(/\/+$/, '');
    }
  } catch {
    // fall through
  }
  return hostOrigin ? `${hostOrigin}/api` : '/api';
}
