import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorPool = ReturnType<typeof AjvCompiler>;
type SerializerPool = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own schema compilers (Ajv for input, fast-json-stringify for answers), each route's code made when the
 * route first runs instead of when the server starts: building every route's validators and serializers was half a
 * second of a cold start (decision 052). A route's first call pays for its own. `compileAll` makes every one now, so
 * a test still finds a schema that does not compile without calling its route.
 */
export function lazySchemaCompilers(): { compilersFactory: CompilersFactory; compileAll: () => void } {
  const pending: Array<() => unknown> = [];
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  const compilersFactory: CompilersFactory = {
    buildValidator: (externalSchemas: Parameters<ValidatorPool>[0], options: Parameters<ValidatorPool>[1]) => {
      const compiler = validators(externalSchemas, options);
      return (route: Parameters<typeof compiler>[0]) => {
        let made: ReturnType<typeof compiler> | undefined;
        const get = () => (made ??= compiler(route));
        pending.push(get);
        const validate = (data: unknown) => get()(data);
        // Fastify reads a failed validation's messages from the function's `errors`, where Ajv leaves them.
        Object.defineProperty(validate, 'errors', { get: () => (made as { errors?: unknown } | undefined)?.errors });
        return validate as ReturnType<typeof compiler>;
      };
    },
    buildSerializer: (externalSchemas: Parameters<SerializerPool>[0], options: Parameters<SerializerPool>[1]) => {
      const compiler = serializers(externalSchemas, options);
      return (route: Parameters<typeof compiler>[0]) => {
        let made: ReturnType<typeof compiler> | undefined;
        const get = () => (made ??= compiler(route));
        pending.push(get);
        return (data: unknown) => get()(data);
      };
    },
  };
  return { compilersFactory, compileAll: () => pending.forEach((get) => get()) };
}
