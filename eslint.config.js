// The layers of ../shared/ARCHITECTURE.md, kept one-way by the linter (`npm run lint`, part of `npm test`).
// Decision 035 records the rules and the baseline of imports that the one-actor-system work still has to remove.
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

/**
 * Files that still break a layer rule, each to be emptied by issue 9's one-actor-system work (views that start their
 * own flow with `xLogic(app)`, the router's page-view tracking). A file leaves this list when it is fixed; none joins.
 */
const BASELINE = {
  uiImportsWiring: [],
  routesImportApi: [],
};

const forbiddenPackages = (names, message) => ({ paths: names.map((name) => ({ name, message })) });

/**
 * The joins between actors stay typed (issue 25, decision NEXT-typed-joins): a lookup goes through the system registry
 * (machines/app/system.ts), a spawn of loaded logic through `spawnLoaded` (machines/shared/spawn.ts), and a report
 * through a ref the parent passed in (machines/shared/reports.ts) or `sendParent`, never the private `_parent`.
 */
const SYSTEM_GET = ':matches([callee.object.name="system"], [callee.object.property.name="system"])[callee.property.name="get"]';
const SPAWN = ':matches([callee.name=/^(spawn|spawnChild)$/], [callee.property.name=/^(spawn|spawnChild)$/])';
const TYPED_JOINS = [
  {
    selector: `TSAsExpression > CallExpression${SYSTEM_GET}, TSAsExpression > LogicalExpression > CallExpression${SYSTEM_GET}`,
    message: 'No cast on a system lookup: use systemActor/runningActor/screenActor (machines/app/system.ts), typed by the registry.',
  },
  {
    selector: `CallExpression${SPAWN} > TSAsExpression[typeAnnotation.type="TSNeverKeyword"]`,
    message: 'No `as never` in a spawn: spawn logic that arrives as code with spawnLoaded (machines/shared/spawn.ts).',
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
  { files: ['machines/**/*.ts', 'src/**/*.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', ...TYPED_JOINS] } },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', forbiddenPackages(['ofetch'], 'Views never call the network.')] },
  },
  ...(BASELINE.uiImportsWiring.length
    ? [{ files: BASELINE.uiImportsWiring, rules: { 'import-x/no-restricted-paths': ['error', { zones: LAYERS }] } }]
    : []),
  ...(BASELINE.routesImportApi.length
    ? [
        {
          files: BASELINE.routesImportApi,
          rules: {
            'import-x/no-restricted-paths': ['error', { zones: LAYERS.filter((z) => !(z.target === './src/routes' && z.from === './src/api')) }],
          },
        },
      ]
    : []),
);
