// First one export alone, through the HTTP API and the real worker: every one of the 1M signals
// (show_missed=true), from the request to the finished file, with the worker's resident memory. Then
// several users' exports at once: two users ask two full signals
// exports each (the default list, about 850,000 rows of a 1M-signal data set, four files at once with
// EXPORT_CONCURRENCY=4), and while they run a third user asks a small one (one profile's signals of the
// last hour, in the small exports' lane). Prints each export's time from the request to its finished
// state, the small export's, and the worker's resident memory (the process and its children, sampled
// every 100 ms): before, peak, after.
//
//   node scripts/bench/exports-concurrent.mjs        (needs `pnpm run build`)
//   BENCH_SIGNALS=1000000, BENCH_EXPORT_CONCURRENCY=4, BENCH_REUSE=1 keeps a filled database
//   (console_bench_exports_http); BENCH_NO_ALONE=1 skips the export alone; BENCH_PORT=3990.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { cli } from '../lib/app.mjs';
import { treeRss } from '../load/load.mjs';
import { filledDatabase, loadAverages, ROOT, settle } from './bench-db.mjs';
import { machine, signedInSession, startBenchApi } from './http.mjs';

const C = createRequire(`${ROOT}/apps/api/package.json`)('@console/contracts');
const DATABASE = 'console_bench_exports_http';
const SIGNALS = Number(process.env.BENCH_SIGNALS ?? 1_000_000);
const CONCURRENCY = process.env.BENCH_EXPORT_CONCURRENCY ?? '4';
const PATHS = C.EXPORT_PATHS.signals;
const ENDED = new Set(['SUCCESS', 'FAILURE', 'EXPIRED', 'CANCELLED']);

const databaseUrl = await filledDatabase(DATABASE, { reuse: process.env.BENCH_REUSE === '1', args: ['--signals', String(SIGNALS), '--orders-per-signal', '2', '--metrics-days', '7'] });
const jwtSecret = randomBytes(48).toString('hex');
const api = await startBenchApi({ database: DATABASE, fresh: false, env: { JWT_SECRET: jwtSecret, EXPORT_CONCURRENCY: CONCURRENCY, EXPORT_MAX_PER_USER: '3' } });
try {
  const env = { DATABASE_URL: databaseUrl };
  const userToken = async (name) => {
    const admin = JSON.parse(cli(env, ['create-admin', '--email', `${name}-${randomBytes(3).toString('hex')}@example.com`, '--password', `Bench!${randomBytes(6).toString('hex')}`]));
    return signedInSession({ databaseUrl, userId: admin.id, jwtSecret });
  };
  const [alice, bob, carol] = [await userToken('alice'), await userToken('bob'), await userToken('carol')];
  const get = async (token, path) => {
    const res = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // The small export: the newest signal's profile over the hour before it.
  const newest = (await get(carol, `${C.API_PATHS.signals}?page_size=10`)).results[0];
  const hourBefore = new Date(Date.parse(newest.created_at) - 3_600_000).toISOString();
  const smallQuery = `?profile=${newest.profile_id}&created_at_after=${encodeURIComponent(hourBefore)}&created_at_before=${encodeURIComponent(newest.created_at)}`;
  const smallRows = (await get(carol, `${C.API_PATHS.signals}${smallQuery}&page_size=10`)).count;

  /** The worker's resident memory (the process and its children) sampled every 100 ms until stopped. */
  const rssSampler = () => {
    const baseline = treeRss(api.workerPid);
    let peak = baseline;
    const timer = setInterval(() => {
      peak = Math.max(peak, treeRss(api.workerPid));
    }, 100);
    return { baseline, stop: () => (clearInterval(timer), peak) };
  };
  const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);

  /** Starts an export and resolves to its seconds from the request to its finished state. */
  const exportOf = async (token, query) => {
    const t0 = performance.now();
    const { task_id: id } = await get(token, `${PATHS.start}${query}`);
    for (;;) {
      const task = await get(token, PATHS.result(id));
      if (ENDED.has(task.task_status)) {
        if (task.task_status !== 'SUCCESS') throw new Error(`export ${query}: ${task.task_status}`);
        return (performance.now() - t0) / 1000;
      }
      await sleep(250);
    }
  };

  if (process.env.BENCH_NO_ALONE !== '1') {
    await settle();
    const all = (await get(alice, `${C.API_PATHS.signals}?show_missed=true&page_size=10`)).count;
    console.log(`${machine()}; ${new Date().toISOString().slice(0, 16)}; one export alone; ${loadAverages()} before`);
    const rss = rssSampler();
    const seconds = await exportOf(alice, '?show_missed=true');
    const peak = rss.stop();
    console.log(`one full export alone (~${all.toLocaleString('en')} rows, show_missed=true): ${seconds.toFixed(1)} s from the request to the finished file`);
    console.log(`worker RSS: ${mb(rss.baseline)} MiB before, ${mb(peak)} MiB at the peak, ${mb(treeRss(api.workerPid))} MiB after; ${loadAverages()} after`);
  }

  await settle();
  console.log(`${machine()}; ${new Date().toISOString().slice(0, 16)}; EXPORT_CONCURRENCY=${CONCURRENCY}; ${loadAverages()} before`);
  const rss = rssSampler();
  const big = [
    ['alice', exportOf(alice, '')],
    ['alice', exportOf(alice, '?ordering=created_at')],
    ['bob', exportOf(bob, '')],
    ['bob', exportOf(bob, '?ordering=created_at')],
  ];
  // Once the four run: the worker has started them all and is building files.
  await sleep(3_000);
  const small = await exportOf(carol, smallQuery);
  const bigTimes = [];
  for (const [who, done] of big) bigTimes.push([who, await done]);
  const peak = rss.stop();
  console.log(`small export (carol, ${smallRows} rows, asked 3 s after the four): ${small.toFixed(1)} s`);
  for (const [who, seconds] of bigTimes) console.log(`full export (${who}): ${seconds.toFixed(1)} s`);
  console.log(`worker RSS: ${mb(rss.baseline)} MiB before, ${mb(peak)} MiB at the peak, ${mb(treeRss(api.workerPid))} MiB after`);
  console.log(`${loadAverages()} after (1-minute load average ${loadavg()[0].toFixed(2)})`);
} finally {
  await api.stop();
}
