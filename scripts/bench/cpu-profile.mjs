// Where a process's CPU time went: reads V8 CPU profiles (`node --cpu-prof`, one .cpuprofile per process)
// and prints each one's busy time and its self time by owner: the npm package a function comes from, the
// app's own code, Node's internals, garbage collection. Owners under BENCH_PROFILE_MIN_SHARE (0.5 %) are
// summed into "others".
//
//   node scripts/bench/cpu-profile.mjs <folder or .cpuprofile files…>
//   BENCH_PROFILE_TOP=N also prints the N functions with the most self time.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const MIN_SHARE = Number(process.env.BENCH_PROFILE_MIN_SHARE ?? 0.5);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 0);

/** Who owns a frame: a package by its folder under node_modules (the last one, for nested installs), else where it lives. */
export function ownerOf(callFrame) {
  const { url, functionName } = callFrame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)' || functionName === '(program)') return functionName;
    return 'V8 and native code';
  }
  const packages = [...url.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  if (packages.length) return packages.at(-1)[1];
  if (url.startsWith('node:')) return 'Node internals';
  const app = /\/apps\/(api|web)\/dist\/([^/]+)/.exec(url);
  if (app) return `app: ${app[2].replace(/\.js$/, '')}`;
  if (url.includes('/packages/contracts/')) return 'app: contracts';
  return url;
}

/** Self time per node of one profile, in microseconds, from its samples and their time deltas. */
export function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return self;
}

/** Busy time (every sample but idle) and self time by owner and by function, in microseconds. */
export function summarise(profile) {
  const owners = new Map();
  const functions = new Map();
  let busy = 0;
  for (const [node, us] of selfTimes(profile)) {
    const owner = ownerOf(node.callFrame);
    if (owner === '(idle)') continue;
    busy += us;
    owners.set(owner, (owners.get(owner) ?? 0) + us);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${owner}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  return { busy, owners, functions };
}

function profileFiles(args) {
  return args.flatMap((arg) =>
    statSync(arg).isDirectory()
      ? readdirSync(arg)
          .filter((f) => f.endsWith('.cpuprofile'))
          .map((f) => join(arg, f))
      : [arg],
  );
}

function print(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const { busy, owners, functions } = summarise(profile);
  const span = (profile.endTime - profile.startTime) / 1e6;
  console.log(`\n${file}: busy ${(busy / 1e6).toFixed(1)} s of ${span.toFixed(1)} s sampled`);
  const share = (us) => (100 * us) / busy;
  let others = 0;
  console.log('| owner | self time | share of busy time |\n|---|---:|---:|');
  for (const [owner, us] of [...owners].sort((a, b) => b[1] - a[1])) {
    if (share(us) < MIN_SHARE) others += us;
    else console.log(`| ${owner} | ${(us / 1e6).toFixed(2)} s | ${share(us).toFixed(1)} % |`);
  }
  if (others) console.log(`| others | ${(others / 1e6).toFixed(2)} s | ${share(others).toFixed(1)} % |`);
  if (TOP) {
    console.log(`\n| function (owner) | share |\n|---|---:|`);
    for (const [fn, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`| ${fn} | ${share(us).toFixed(1)} % |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = profileFiles(process.argv.slice(2));
  if (!files.length) {
    console.error('usage: node scripts/bench/cpu-profile.mjs <folder or .cpuprofile files…>');
    process.exit(2);
  }
  for (const file of files) print(file);
}
