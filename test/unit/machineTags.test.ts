// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Typed tags on every machine (STYLE.md, "Typed tags and a `<flow>.types.ts` schema on every machine"; issue 25): a
 * machine whose states carry tags declares their union in `setup({ types })`, so every `hasTag('x')` of a view or a
 * test is checked by the compiler. Without it XState types tags as `string` and a misspelt tag is simply false.
 * The check reads the sources: states tag themselves with `tags: [...]` or through a shared shape of machines/shared/
 * (`failedState`, `confirmStep` …); the declaration is `tags` in `types`, inline or in the schema type it names.
 */

const root = path.resolve(import.meta.dirname, '..', '..');

const parse = (fileName: string, source: string) => ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

const propertyName = (node: ts.ObjectLiteralElementLike | ts.TypeElement) => (node.name && ts.isIdentifier(node.name) ? node.name.text : null);

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** A `tags:` property that tags a state: `tags: ['a', …]` or `tags: 'a'` (not the `tags: {} as T` of setup's types). */
const isStateTags = (node: ts.Node) =>
  ts.isPropertyAssignment(node) &&
  propertyName(node) === 'tags' &&
  (ts.isArrayLiteralExpression(node.initializer) || ts.isStringLiteral(node.initializer));

/** A `tags` property of a shape's state, whatever its value (a shape may pass on the tags it is given). */
const isShapeTags = (node: ts.Node) => (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && propertyName(node) === 'tags';

/** The functions and constants a module exports whose body tags states (the shared shapes). */
export function taggingExports(source: string): string[] {
  const names: string[] = [];
  for (const statement of parse('shape.ts', source).statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    let tags = false;
    walk(statement, (node) => {
      if (isShapeTags(node)) tags = true;
    });
    if (!tags) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) names.push(statement.name.text);
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
  }
  return names;
}

/** The members of a type, when it is a literal or an interface / alias of the file (`undefined`: not found here). */
function typeMembers(file: ts.SourceFile, type: ts.TypeNode): readonly ts.TypeElement[] | undefined {
  if (ts.isTypeLiteralNode(type)) return type.members;
  if (!ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName)) return undefined;
  return namedTypeMembers(file, type.typeName.text);
}

function namedTypeMembers(file: ts.SourceFile, name: string): readonly ts.TypeElement[] | undefined {
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === name) return statement.members;
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text === name) return typeMembers(file, statement.type) ?? [];
  }
  return undefined;
}

/** The relative module a name is imported from in this file, if it is. */
function importedFrom(file: ts.SourceFile, name: string): string | null {
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === name)) return statement.moduleSpecifier.text;
  }
  return null;
}

/** Reads a module of the project by its path (without extension); undefined when there is no such file. */
export type ReadModule = (modulePath: string) => string | undefined;

/** Whether `setup({ types })` declares tags: a `tags` key inline, or in the schema type `types: {} as Schema` names. */
function declaresTags(file: ts.SourceFile, read: ReadModule): boolean {
  let declared = false;
  walk(file, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'setup') return;
    const options = node.arguments[0];
    if (!options || !ts.isObjectLiteralExpression(options)) return;
    const types = options.properties.find((p) => propertyName(p) === 'types');
    if (!types || !ts.isPropertyAssignment(types)) return;
    const value = types.initializer;
    if (ts.isObjectLiteralExpression(value)) declared ||= value.properties.some((p) => propertyName(p) === 'tags');
    else if (ts.isAsExpression(value)) declared ||= schemaHasTags(file, value.type, read);
  });
  return declared;
}

function schemaHasTags(file: ts.SourceFile, type: ts.TypeNode, read: ReadModule): boolean {
  const members = typeMembers(file, type);
  if (members) return members.some((m) => propertyName(m) === 'tags');
  if (!ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName)) return false;
  const from = importedFrom(file, type.typeName.text);
  if (!from?.startsWith('.')) return false;
  const modulePath = path.join(path.dirname(file.fileName), from);
  const source = read(modulePath);
  if (source === undefined) return false;
  return (namedTypeMembers(parse(`${modulePath}.ts`, source), type.typeName.text) ?? []).some((m) => propertyName(m) === 'tags');
}

/**
 * What is wrong with a machine file's tags: null when its states carry none, or when its setup declares their type;
 * else the problem. `shapes` are the shared shapes that tag states (by the name they are called with).
 */
export function tagsProblem(fileName: string, source: string, shapes: readonly string[], read: ReadModule): string | null {
  const file = parse(fileName, source);
  let tagged = false;
  walk(file, (node) => {
    if (isStateTags(node)) tagged = true;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && shapes.includes(node.expression.text)) tagged = true;
  });
  if (!tagged || declaresTags(file, read)) return null;
  return `${fileName}: its states have tags, but setup({ types }) declares no tags type`;
}

function machineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(full);
    return entry.name.endsWith('.machine.ts') ? [full] : [];
  });
}

const readProjectModule: ReadModule = (modulePath) => {
  const file = path.resolve(root, `${modulePath}.ts`);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};

const sharedDir = path.join(root, 'machines', 'shared');
const SHARED_SHAPES = readdirSync(sharedDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .flatMap((name) => taggingExports(readFileSync(path.join(sharedDir, name), 'utf8')));

describe('typed tags on every machine', () => {
  it('finds the shared shapes that tag states', () => {
    expect(SHARED_SHAPES).toEqual(expect.arrayContaining(['failedState', 'notFoundState', 'confirmStep', 'pagedListStates']));
  });

  it('every machine whose states have tags declares their type in setup', () => {
    const files = machineFiles(path.join(root, 'machines'));
    expect(files.length).toBeGreaterThan(40);
    const problems = files.map((file) => tagsProblem(path.relative(root, file), readFileSync(file, 'utf8'), SHARED_SHAPES, readProjectModule));
    expect(problems.filter((p) => p !== null)).toEqual([]);
  });

  const modules: Record<string, string> = {
    'machines/a/a.types': "export interface ASchema {\n  context: { n: number };\n  tags: 'busy';\n}\n",
    'machines/a/b.types': 'export interface BSchema {\n  context: { n: number };\n}\n',
  };
  const readFixture: ReadModule = (modulePath) => modules[modulePath];
  const machine = (types: string, state: string, imports = '') =>
    `import { setup } from 'xstate';\n${imports}export const m = setup({\n  types: ${types},\n}).createMachine({ initial: 'a', states: { a: ${state} } });\n`;

  it.each([
    ['tags in a state and none in types', machine('{ context: {} as { n: number } }', "{ tags: ['busy'] }"), false],
    ['one tag as a string', machine('{ context: {} as { n: number } }', "{ tags: 'busy' }"), false],
    ['a shared shape that tags its state', machine('{ context: {} as { n: number } }', "failedState('Could not load.')"), false],
    ['a schema without tags', machine('{} as BSchema', "{ tags: ['busy'] }", "import type { BSchema } from './b.types';\n"), false],
    ['a schema of the same file without tags', `interface S {\n  context: { n: number };\n}\n${machine('{} as S', "{ tags: ['busy'] }")}`, false],
    ['tags declared inline', machine("{ context: {} as { n: number }, tags: {} as 'busy' }", "{ tags: ['busy'] }"), true],
    ['tags in the type literal of types', machine("{} as { context: { n: number }; tags: 'busy' }", "{ tags: ['busy'] }"), true],
    ['tags in the schema of the file', `interface S {\n  tags: 'busy';\n}\n${machine('{} as S', "{ tags: ['busy'] }")}`, true],
    ['tags in the schema of a types file', machine('{} as ASchema', "{ tags: ['busy'] }", "import type { ASchema } from './a.types';\n"), true],
    ['no tags at all', machine('{ context: {} as { n: number } }', '{}'), true],
  ])('%s: passes %s', (_case, source, passes) => {
    expect(tagsProblem('machines/a/a.machine.ts', source, ['failedState'], readFixture) === null).toBe(passes);
  });

  it('finds the shapes that tag states in a shared module', () => {
    const shared = [
      "export const failedState = (d: string) => ({ description: d, tags: ['failed'] }) as const;",
      'export function confirmStep(tags: readonly string[]) {\n  return { tags, on: {} } as const;\n}',
      "export const loadFailed = { target: 'failed' } as const;",
    ].join('\n');
    expect(taggingExports(shared)).toEqual(['failedState', 'confirmStep']);
  });
});
