/** Layering of the API, the engine and the shared contracts, and no cycles in the SPA; `pnpm run lint` runs it (docs/decisions.md). */
const features =
  '^apps/api/src/(?!access/|common/|test/)[^/]+/';

/** A rule that forbids `from` to import `to`; every rule here is an error. */
const forbid = (name, from, to, comment) => ({ name, ...(comment && { comment }), severity: 'error', from: { path: from }, to });

/** No import cycles between the modules below `root` (or between its folders, with scope 'folder'). */
const noCycles = (name, root, { comment, scope, to } = {}) => ({ ...forbid(name, root, { circular: true, ...to }, comment), ...(scope && { scope }) });

module.exports = {
  forbidden: [
    noCycles(
      'no-folder-cycles-api',
      '^apps/api/src/',
      { comment: 'Folders of apps/api/src do not import each other in a circle: share through an interface (and a Nest token) instead.', scope: 'folder' },
    ),
    noCycles(
      'no-module-cycles-api',
      '^apps/api/src/',
      { comment: 'API modules do not import each other in a circle, type-only imports included: move what both need to a third module (a DTO both read, a port of the one that is imported).' },
    ),
    forbid(
      'web-features-import-no-app',
      '^apps/web/src/features/',
      { path: '^apps/web/src/app/' },
      'The app shell (src/app) imports the features; a feature never imports the shell back. What both need lives outside app/ (src/routes, src/ui, src/api).',
    ),
    forbid(
      'apps-import-no-scripts',
      '^(apps|packages)/',
      { path: '^scripts/' },
      'scripts/ runs the built apps and reads their builds; an app never imports scripts/ (what both need lives in the app, e.g. apps/api/src/node-flags.ts).',
    ),
    noCycles('no-folder-cycles-contracts', '^packages/contracts/src/', { scope: 'folder' }),
    noCycles('no-module-cycles-contracts', '^packages/contracts/src/'),
    forbid(
      'access-imports-no-feature',
      '^apps/api/src/access/',
      { path: features },
      'The access layer reaches features only through the interfaces and tokens it declares.',
    ),
    forbid('common-imports-no-feature', '^apps/api/src/common/', { path: '^apps/api/src/(?!common/)' }),
    noCycles(
      'no-module-cycles-web',
      '^apps/web/src/',
      { comment: 'SPA modules do not import each other in a circle at run time (a feature and the feature whose index it imports, above all); type-only imports vanish from the bundle.', to: { viaOnly: { dependencyTypesNot: ['type-only'] } } },
    ),
    noCycles(
      'no-module-cycles-engine',
      '^apps/engine/src/',
      { comment: 'The engine core is layered (market, fills, positions, then strategy, metrics, risk): no module imports itself back.' },
    ),
    forbid(
      'engine-core-imports-contracts-only',
      '^apps/engine/src/',
      { path: '^(apps/(?!engine/)|migrations/)' },
      'The engine core is pure: of the workspace it reads the contracts only, never the API or the SPA.',
    ),
    {
      name: 'engine-core-no-io',
      comment: 'No I/O in the engine core: no file system, network, database or Redis clients. The runtime folder is the engine process around the core and talks to PostgreSQL.',
      severity: 'error',
      from: { path: '^apps/engine/src/', pathNot: '^apps/engine/src/runtime/' },
      to: { path: '^(fs|node:fs|fs/promises|node:fs/promises|net|node:net|http|node:http|https|node:https|child_process|node:child_process)$|node_modules/(pg|ioredis|bullmq|typeorm)/' },
    },
    forbid(
      'schema-imports-contracts-only',
      '^packages/schema/src/',
      { path: '^(apps|migrations|scripts)/' },
      'The schema declaration reads the value lists of the contracts and nothing else of the workspace.',
    ),
    forbid('contracts-imports-no-app', '^packages/contracts/', { path: '^apps/' }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Specs and the test harness wire the whole app together on purpose; the layering is about shipped code.
    exclude: { path: ['(^|/)(dist|node_modules)/', '\\.spec\\.tsx?$', '^apps/api/src/test/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/api/tsconfig.json' },
  },
};
