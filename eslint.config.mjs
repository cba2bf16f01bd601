import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * A feature reaches another only through its public entry, features/<name>/index.ts:
 * `../../signals` or `../../signals/index`, never a path inside it; what several features share lives
 * in src/ui or src/api. A file `depth` folders below src/features/<feature>/ climbs out of its feature
 * with depth + 1 `../`; whatever it names next is a feature, and only its bare name (or /index) may follow.
 */
const crossFeatureImports = [0, 1, 2, 3].map((depth) => ({
  files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth + 1}}(?!\\.\\./)(?![^/]+(/index)?$)|^(\\.\\./){${depth + 2}}features/`,
            message: 'A feature imports another only through its index (`../../<feature>`), not a path inside it; what both need can also move to src/ui or src/api.',
          },
        ],
      },
    ],
  },
}));

/**
 * One data pattern in the SPA (docs/decisions.md): query keys come from src/api/query-keys.ts, so a
 * resource's `all` reaches every query of it; a literal key array anywhere else is refused.
 */
const QUERY_CLIENT_METHODS =
  'invalidateQueries|refetchQueries|resetQueries|removeQueries|cancelQueries|setQueryData|getQueryData|setQueriesData|getQueriesData|getQueryState|ensureQueryData|ensureInfiniteQueryData|fetchQuery|fetchInfiniteQuery|prefetchQuery|prefetchInfiniteQuery|isFetching';
const literalKey = ':matches(ArrayExpression, TSAsExpression > ArrayExpression, TSSatisfiesExpression > ArrayExpression)';
const literalQueryKeys = [
  {
    selector: `Property[key.name='queryKey'] > ${literalKey}`,
    message: 'Query keys come from src/api/query-keys.ts (queryKeys.<resource>.…), not a literal array.',
  },
  {
    selector: `JSXAttribute[name.name='queryKey'] > JSXExpressionContainer > ${literalKey}`,
    message: 'Query keys come from src/api/query-keys.ts (queryKeys.<resource>.…), not a literal array.',
  },
  {
    // setQueryData(key, …), getQueryData(key): the key as the first argument.
    selector: `CallExpression[callee.property.name=/^(${QUERY_CLIENT_METHODS})$/]:matches([arguments.0.type='ArrayExpression'], [arguments.0.expression.type='ArrayExpression'])`,
    message: 'Query keys come from src/api/query-keys.ts (queryKeys.<resource>.…), not a literal array.',
  },
];

/** Components and pages read and write through the hooks of an api/ file (useSignals(query)), never TanStack's own. */
const DATA_HOOKS = 'useQuery|useQueries|useInfiniteQuery|useSuspenseQuery|useSuspenseQueries|useSuspenseInfiniteQuery|useMutation|useQueryClient';
const dataHooksInComponents = [
  {
    selector: `ImportDeclaration[source.value='@tanstack/react-query'] > ImportSpecifier[imported.name=/^(${DATA_HOOKS})$/]`,
    message: 'Queries and mutations live in an api/ hook file (features/<feature>/api/, or a hook file beside shared UI); call its hook here.',
  },
  {
    selector: `ImportDeclaration[source.value='@tanstack/react-query'] > ImportNamespaceSpecifier`,
    message: 'Queries and mutations live in an api/ hook file (features/<feature>/api/, or a hook file beside shared UI); call its hook here.',
  },
  {
    selector: `CallExpression[callee.name=/^(${DATA_HOOKS})$/]`,
    message: 'Queries and mutations live in an api/ hook file (features/<feature>/api/, or a hook file beside shared UI); call its hook here.',
  },
];

/**
 * The schema declaration's column names belong to the engine's storage adapter (src/runtime/sql) only:
 * the strategy works on domain types, the runtime's other parts on the adapter's functions.
 */
const ENGINE_SCHEMA_IMPORTS = {
  regex: '^@console/schema(/|$)',
  message: 'Only the engine\'s storage adapter (src/runtime/sql) names the tables\' columns; go through its functions.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...crossFeatureImports,
  {
    // The SPA bundle carries no database code (the typescript-eslint rule, so the feature rule above keeps its options).
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@console/schema', 'kysely', 'pg', 'typeorm'].map((name) => ({
            name,
            message: 'Database code stays on the server: the SPA reads the API, whose row types come from @console/contracts.',
          })),
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/api/query-keys.ts'],
    rules: { 'no-restricted-syntax': ['error', ...literalQueryKeys] },
  },
  {
    // Both lists: a later entry replaces the rule's options for the files it matches.
    files: [
      'apps/web/src/features/*/{components,pages,wizard}/**/*.{ts,tsx}',
      'apps/web/src/{app,session,ui}/**/*.tsx',
    ],
    ignores: ['**/*.spec.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...literalQueryKeys, ...dataHooksInComponents] },
  },
  {
    // A component, hook or helper of the SPA fits on a screen: past about 100 lines it is split into
    // sections and hooks of its feature (issue 48). Specs' describe blocks are exempt.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    // One data-access style (docs/decisions.md): services, processors, controllers and guards hold the
    // flow (transactions, checks, audit); the SQL lives in repositories and list declarations.
    files: ['apps/api/src/**/*.{service,processor,controller,guard,interceptor}.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query'][arguments.0.type=/^(TemplateLiteral|Literal)$/]",
          message: 'SQL belongs in a repository beside this file (or a list declaration); call its method here.',
        },
      ],
    },
  },
  {
    // Nest wires dependencies by class, so injected classes are imported for their runtime value.
    files: ['apps/api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // The engine's directions (docs/engine-protocol.md, "The engine in parts"): only the storage adapter
    // knows the tables' columns, so the rest of the engine never names the schema declaration.
    files: ['apps/engine/src/**/*.ts'],
    ignores: ['apps/engine/src/runtime/sql/**', 'apps/engine/src/strategy/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ENGINE_SCHEMA_IMPORTS] }] },
  },
  {
    // The strategy decides and hands its intents to the execution port: it reaches neither the paper fill
    // rules nor the runtime (one entry, as a later one replaces the rule's options for its files).
    files: ['apps/engine/src/strategy/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ENGINE_SCHEMA_IMPORTS,
            {
              regex: '^(\\.\\./)+(fills|runtime)(/|$)',
              message: 'The strategy sends intents to the execution port (src/execution/port.ts); fill rules belong to the paper venue and the runtime calls the strategy, never the other way.',
            },
          ],
        },
      ],
    },
  },
);
