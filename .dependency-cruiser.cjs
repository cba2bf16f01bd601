/** Layering of the API, the engine and the shared contracts, and no cycles in the SPA; `pnpm run lint` runs it (docs/decisions.md). */
const features =
  '^apps/api/src/(?!access/|common/|test/)[^/]+/';

module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles-api',
      comment: 'Folders of apps/api/src do not import each other in a circle: share through an interface (and a Nest token) instead.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles-api',
      comment: 'API modules do not import each other in a circle, type-only imports included: move what both need to a third module (a DTO both read, a port of the one that is imported).',
      severity: 'error',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
    {
      name: 'web-features-import-no-app',
      comment: 'The app shell (src/app) imports the features; a feature never imports the shell back. What both need lives outside app/ (src/routes, src/ui, src/api).',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'apps-import-no-scripts',
      comment: 'scripts/ runs the built apps and reads their builds; an app never imports scripts/ (what both need lives in the app, e.g. apps/api/src/node-flags.ts).',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'no-folder-cycles-contracts',
      severity: 'error',
      scope: 'folder',
      from: { path: '^packages/contracts/src/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles-contracts',
      severity: 'error',
      from: { path: '^packages/contracts/src/' },
      to: { circular: true },
    },
    {
      name: 'access-imports-no-feature',
      comment: 'The access layer reaches features only through the interfaces and tokens it declares.',
      severity: 'error',
      from: { path: '^apps/api/src/access/' },
      to: { path: features },
    },
    {
      name: 'common-imports-no-feature',
      severity: 'error',
      from: { path: '^apps/api/src/common/' },
      to: { path: '^apps/api/src/(?!common/)' },
    },
    {
      name: 'no-module-cycles-web',
      comment: 'SPA modules do not import each other in a circle at run time (a feature and the feature whose index it imports, above all); type-only imports vanish from the bundle.',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-module-cycles-engine',
      comment: 'The engine core is layered (market, fills, positions, then strategy, metrics, risk): no module imports itself back.',
      severity: 'error',
      from: { path: '^apps/engine/src/' },
      to: { circular: true },
    },
    {
      name: 'engine-core-imports-contracts-only',
      comment: 'The engine core is pure: of the workspace it reads the contracts only, never the API or the SPA.',
      severity: 'error',
      from: { path: '^apps/engine/src/' },
      to: { path: '^(apps/(?!engine/)|migrations/)' },
    },
    {
      name: 'engine-core-no-io',
      comment: 'No I/O in the engine core: no file system, network, database or Redis clients. The runtime folder is the engine process around the core and talks to PostgreSQL.',
      severity: 'error',
      from: { path: '^apps/engine/src/', pathNot: '^apps/engine/src/runtime/' },
      to: { path: '^(fs|node:fs|fs/promises|node:fs/promises|net|node:net|http|node:http|https|node:https|child_process|node:child_process)$|node_modules/(pg|ioredis|bullmq|typeorm)/' },
    },
    {
      name: 'schema-imports-contracts-only',
      comment: 'The schema declaration reads the value lists of the contracts and nothing else of the workspace.',
      severity: 'error',
      from: { path: '^packages/schema/src/' },
      to: { path: '^(apps|migrations|scripts)/' },
    },
    {
      name: 'contracts-imports-no-app',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Specs and the test harness wire the whole app together on purpose; the layering is about shipped code.
    exclude: { path: ['(^|/)(dist|node_modules)/', '\\.spec\\.tsx?$', '^apps/api/src/test/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/api/tsconfig.json' },
  },
};
