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
  const bodyValidators = AjvCompiler();
  const serializers = SerializerSelector();
  const compilersFactory: CompilersFactory = {
    buildValidator: (externalSchemas: Parameters<ValidatorPool>[0], options: Parameters<ValidatorPool>[1]) => {
      const compiler = validators(externalSchemas, options);
      // A JSON body keeps its types: a number sent for a text is refused, never stored as "5" (issue 22, item 7).
      const ajvOptions = options as { customOptions?: object } | undefined;
      const bodyCompiler = bodyValidators(externalSchemas, {
        ...ajvOptions,
        customOptions: { ...ajvOptions?.customOptions, coerceTypes: false },
      } as Parameters<ValidatorPool>[1]);
      return (route: Parameters<typeof compiler>[0]) => {
        // Fastify hands the route's part (its types say a bare schema): { schema, method, url, httpPart }.
        const { httpPart, schema } = route as unknown as { httpPart?: string; schema?: unknown };
        let made: ReturnType<typeof compiler> | undefined;
        const get = () => (made ??= httpPart === 'body' ? bodyCompiler(route) : compiler(route));
        pending.push(get);
        const numbers = httpPart === 'querystring' || httpPart === 'params' ? numberFields(schema) : [];
        const validate = (data: unknown) => {
          const loose = looseNumber(data, numbers);
          if (loose) return { error: Object.assign(new Error(`${httpPart}/${loose} must be a decimal number`), { statusCode: 400 }) };
          return get()(data);
        };
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

/**
 * The fields of a query or path schema that hold numbers. A query and a path are text, which Ajv turns into numbers
 * with JavaScript's own rules: `0x46` would be 70, `1e2` 100, ` 7 ` 7. Those fields take plain decimals only.
 */
function numberFields(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown; items?: { type?: unknown } }> } | undefined)?.properties ?? {};
  const numeric = (type: unknown) => [type].flat().some((t) => t === 'number' || t === 'integer');
  return Object.entries(properties)
    .filter(([, field]) => numeric(field.type) || (field.type === 'array' && numeric(field.items?.type)))
    .map(([name]) => name);
}

const DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** The first of those fields whose text is not a plain decimal, if any. */
function looseNumber(data: unknown, fields: string[]): string | undefined {
  if (fields.length === 0 || typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  return fields.find((name) => [record[name]].flat().some((value) => typeof value === 'string' && !DECIMAL.test(value)));
}
