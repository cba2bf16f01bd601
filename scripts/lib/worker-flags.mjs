// The worker's V8 flags: the same as SERVICE_NODE_FLAGS in apps/api/src/node-flags.ts (why: there), which
// the scripts cannot import before a build; scripts/test/cluster.test.mjs holds the copies equal.
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=1024'];
