import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Features do not import each other (CONVENTIONS.md): what two features share lives in src/ui or src/api.
 * A file `depth` folders below src/features/<feature>/ climbs out of its feature with depth + 1 `../`;
 * whatever it names next is another feature (or its own, the long way round).
 */
const crossFeatureImports = [0, 1, 2, 3].map((depth) => ({
  files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth + 1}}(?!\\.\\./)|^(\\.\\./){${depth + 2}}features/`,
            message: 'A feature does not import another feature: move what both need to src/ui or src/api.',
          },
        ],
      },
    ],
  },
}));

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
);
