import { ofetch } from 'ofetch';
import type { RuntimeConfig } from '../../contracts/runtimeConfig';

/** The deployment's runtime configuration, served beside the app (not under the API base, which it names). */
export const loadRuntimeConfig = () => ofetch<RuntimeConfig>('/config.json', { retry: 1 });
