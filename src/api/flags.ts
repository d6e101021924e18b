import { request, type AnswerOf, type PathOf, type RequestOptions } from './client';

/** The server-sent event stream, under the API base, that says when any flag changed. */
export const FLAG_STREAM_PATH = '/flags/v1/stream' satisfies PathOf<'get'>;
export const FLAG_EVALUATE_PATH = '/flags/v1/evaluate' satisfies PathOf<'post'>;

/** The flag user as the server reads it: the signed-in user, or an anonymous user when signed out. */
export type FlagUserBody = NonNullable<RequestOptions<typeof FLAG_EVALUATE_PATH, 'post'>['body']>;
/** Every flag for one flag user, why each has its value, and the version of the flags it was read at. */
export type FlagEvaluation = AnswerOf<typeof FLAG_EVALUATE_PATH, 'post'>['data'];

/** Evaluates every flag for a flag user; with the user's bearer the server also knows the user's buildings. */
export const evaluateFlags = async (user: FlagUserBody): Promise<FlagEvaluation> => (await request('post', FLAG_EVALUATE_PATH, { body: user })).data;
