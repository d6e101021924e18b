// The layers of docs/architecture.md ("Layers"), kept one-way by the linter (`npm run lint`, part of `npm test`).
// Decision 035 records the rules; its baseline of files exempt from them emptied with decision 041 and is gone: no
// file is exempt. test/unit/layers.lint.test.ts proves each rule on a fixture.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Who may not import whom: each zone forbids `target` to import from `from`. */
const zone = (target, from, message) => ({ target, from, message });
const LAYERS = [
  zone('./machines', './src', 'machines/ are pure statecharts: nothing from src/ (side effects are provided by src/app).'),
  zone('./machines', './server', 'machines/ import nothing of the server; shared shapes live in contracts/.'),
  zone('./server', './src', 'server/ imports nothing of the app; shared shapes live in contracts/.'),
  zone('./server', './machines', 'server/ imports nothing of the machines; shared shapes live in contracts/.'),
  zone('./contracts', ['./src', './machines', './server'], 'contracts/ depend on nothing of the project.'),
  zone('./src/ui', './src/api', 'Views never call the API: a machine does, through an actor src/app provides.'),
  zone('./src/ui', './src/routes', 'Views do not import the route tree.'),
  zone('./src/routes', './src/api', 'Routes send the app events; they do not call the API.'),
];
/** Views import no wiring (src/app); their flows come from the root actor's system. */
const UI_NO_WIRING = zone('./src/ui', './src/app', 'Views import no wiring module: get the screen flow with the screen hook.');

const forbiddenPackages = (names, message) => ({ paths: names.map((name) => ({ name, message })) });

/**
 * Route types reach the views and the flows (issue 25): a view reads its route's params and search through the route
 * (`getRouteApi('/account').useSearch()`, `useMatch({ from })`), typed by the route tree and its `validateSearch`, never
 * untyped (`{ strict: false }` and a cast); a route's flows read params typed from its path (`screenPath`,
 * src/routes/screens.ts), never asserted present (`params.x!`). `test/unit/layers.lint.test.ts` proves both.
 */
const TYPED_ROUTES = [
  {
    selector: "CallExpression > ObjectExpression > Property[key.name='strict'][value.value=false]",
    message: "Read the route's own typed params or search (getRouteApi('<route id>'), useMatch({ from })), not { strict: false }.",
  },
  {
    selector: "TSNonNullExpression > MemberExpression:matches([object.name='params'], [object.property.name='params'])",
    message: 'A route param is typed from its path (screenPath in src/routes/screens.ts): no `params.x!`.',
  },
];

/**
 * The joins between actors stay typed (issue 25, decision 209): a lookup goes through the system registry
 * (machines/app/system.ts), a spawn of loaded logic through `spawnLoaded` (machines/shared/spawn.ts), and a report
 * through a ref the parent passed in (machines/shared/reports.ts) or `sendParent`, never the private `_parent`.
 */
const SYSTEM_GET = ':matches([callee.object.name="system"], [callee.object.property.name="system"])[callee.property.name="get"]';
const TYPED_JOINS = [
  {
    selector: `TSAsExpression > CallExpression${SYSTEM_GET}, TSAsExpression > LogicalExpression > CallExpression${SYSTEM_GET}`,
    message: 'No cast on a system lookup: use systemActor/runningActor/screenActor (machines/app/system.ts), typed by the registry.',
  },
  {
    // Anywhere in the app and its machines, a spawn's arguments included (decision 213).
    selector: 'TSAsExpression[typeAnnotation.type="TSNeverKeyword"]',
    message:
      'No `as never`: type the value (spawn logic that arrives as code with spawnLoaded, machines/shared/spawn.ts; queued actions with enqueueNamed, machines/shared/enqueue.ts).',
  },
  {
    selector: 'MemberExpression[property.name="_parent"], TSPropertySignature[key.name="_parent"]',
    message: 'No private `_parent`: report through the ref the parent passed in the input (machines/shared/reports.ts) or sendParent.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', '.build/**', 'node_modules/**', '.data/**', 'docs/**', 'contracts/api.d.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      // Named-but-unused parameters are how machines declare the params of actions the app provides.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  // Tests read loosely typed answers (JSON bodies) on purpose; the app and the machines may not.
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: 2023, sourceType: 'module' } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...LAYERS, UI_NO_WIRING] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbiddenPackages(
          ['react', 'react-dom', '@xstate/react', 'ofetch', '@tanstack/react-router'],
          'machines/ are pure TypeScript: no React, no fetch, no router.',
        ),
      ],
    },
  },
  // One rule list per file set (a later `no-restricted-syntax` replaces an earlier one): machines get the joins, src both.
  { files: ['machines/**/*.ts'], rules: { 'no-restricted-syntax': ['error', ...TYPED_JOINS] } },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', forbiddenPackages(['ofetch'], 'Views never call the network.')] },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', ...TYPED_JOINS, ...TYPED_ROUTES] } },
);
