import { api } from './client';
import type { paths } from '../../contracts/api';

type Evaluate = paths['/flags/v1/evaluate']['post'];

/** The flag user as the server reads it: the signed-in user, or an anonymous user when signed out. */
export type FlagUserBody = Evaluate['requestBody']['content']['application/json'];
/** Every flag for one flag user, why each has its value, and the version of the flags it was read at. */
export type FlagEvaluation = Evaluate['responses'][200]['content']['application/json']['data'];

/** The server-sent event stream, under the API base, that says when any flag changed. */
export const FLAG_STREAM_PATH = '/flags/v1/stream';
export const FLAG_EVALUATE_PATH = '/flags/v1/evaluate';

/** Evaluates every flag for a flag user; with the user's bearer the server also knows the user's buildings. */
export const evaluateFlags = async (user: FlagUserBody): Promise<FlagEvaluation> =>
  (await api().call<{ data: FlagEvaluation }>(FLAG_EVALUATE_PATH, { method: 'POST', body: user })).data;
