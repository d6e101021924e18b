import type { RuntimeConfig } from '../../contracts/runtimeConfig';
import { loadOfetch } from './client';

/** The deployment's runtime configuration, served beside the app (not under the API base, which it names). */
export const loadRuntimeConfig = async () => (await loadOfetch()).ofetch<RuntimeConfig>('/config.json', { retry: 1 });
