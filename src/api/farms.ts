import type { Farm } from '../../machines/farm/farmSelector.types';
import { loadOfetch, toApiError } from './client';

/** The repository the farm list service is asked about. */
export const FARM_REPO = 'atrium-tenant-web';

/**
 * The farm list (a service of its own, named by the runtime configuration, not under the API base: the list must
 * load whichever farm is in use).
 */
export async function listFarms(url: string, key: string | null): Promise<Farm[]> {
  try {
    const { ofetch } = await loadOfetch();
    const answer = await ofetch<{ items: Farm[] }>(url, { query: { repo: FARM_REPO, ...(key ? { key } : {}) }, retry: 0 });
    return answer.items.map(({ uuid, description, url: farmUrl }) => ({ uuid, description, url: farmUrl }));
  } catch (error) {
    throw toApiError(error);
  }
}
