import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { sharedSchemas } from '../schemas.js';

/** `{ $ref: 'User#' }` and the like resolve to the shared schemas the app registers (schemas.ts). */
type Shared = { references: [...typeof sharedSchemas] };

/**
 * The instance a route plugin gets: its handlers take request.params, query and body from the routes' `as const`
 * JSON schemas (json-schema-to-ts through Fastify's type provider), so no route writes its input types twice;
 * and what a handler returns is checked against its response schemas, shared ones included. A schema that does not
 * forbid other properties reads as a type with an index signature, which an interface does not fit: rows and answers
 * are declared as types (`type X = { ... }`).
 */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  JsonSchemaToTsProvider<{ ValidatorSchemaOptions: Shared; SerializerSchemaOptions: Shared }>
>;
