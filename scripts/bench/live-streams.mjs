// Benchmark of the live stream's fan-out: opens BENCH_STREAMS Server-Sent Events streams against the API
// (each with its own one-use ticket, all as one signed-in administrator), then appends BENCH_EVENTS
// changes to the Redis stream the way every producer does (XADD of the shared entry encoding) and times
// each one until every open stream has received it. Reports the API's resident memory (its process and
// the cluster's children) before and after the streams opened, per stream, and the fan-out latency
// p50/p99 (publish → received by all) and per delivery (publish → received by one stream).
//
//   node scripts/bench/live-streams.mjs      (needs `pnpm run build`; starts its own API and worker)
//   BENCH_STREAMS=500, BENCH_EVENTS=200, BENCH_EVENT_GAP_MS=20 (between publishes), BENCH_API_WORKERS=1,
//   BENCH_PORT. A smoke run: BENCH_STREAMS=20 BENCH_EVENTS=20.
//   Against an API already running: BENCH_URL (…/api/v2), BENCH_TOKEN (an access token), BENCH_REDIS_URL
//   and BENCH_REDIS_PREFIX (its REDIS_PREFIX), BENCH_API_PID (its process, for the memory figures).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../lib/toolchain.mjs';
import { machine, percentile, startBenchApi } from './http.mjs';

const requireFromApi = createRequire(join(ROOT, 'apps/api/package.json'));
const { API_PATHS, CHANGE_FIELD, encodeChange, LIVE_PATHS, LIVE_PARAMS, liveStreamKey } = requireFromApi('@console/contracts');
const Redis = requireFromApi('ioredis').default ?? requireFromApi('ioredis');

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const GAP_MS = Number(process.env.BENCH_EVENT_GAP_MS ?? 20);
const RECEIVE_TIMEOUT_MS = 30_000;

/** Resident memory of a process and its descendants (the API cluster's primary and its processes), in bytes. */
function treeRss(pid) {
  let total = 0;
  const visit = (p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) visit(Number(task));
    } catch {
      // A process that ended meanwhile counts for nothing.
    }
  };
  visit(pid);
  return total;
}

/** One stream: its ticket, then the SSE body read line by line; `onChange(event)` for each change. */
async function openStream(baseUrl, token, onChange, signal) {
  const ticketAnswer = await fetch(`${baseUrl}${LIVE_PATHS.tickets}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (ticketAnswer.status !== 201) throw new Error(`ticket refused: ${ticketAnswer.status}`);
  const { ticket } = await ticketAnswer.json();
  const response = await fetch(`${baseUrl}${LIVE_PATHS.stream}?${new URLSearchParams({ [LIVE_PARAMS.ticket]: ticket })}`, { signal });
  if (response.status !== 200) throw new Error(`stream refused: ${response.status}`);
  let ready;
  const opened = new Promise((resolve) => (ready = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    let name = 'message';
    let data = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, end).replace(/\r$/, '');
          buffer = buffer.slice(end + 1);
          if (line === '') {
            if (name === 'ready') ready();
            else if (name === 'message' && data) onChange(JSON.parse(data));
            name = 'message';
            data = '';
          } else if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trimStart();
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  await opened;
}

async function main() {
  const own = process.env.BENCH_URL ? null : await startBenchApi({ database: 'console_bench_live', env: { API_WORKERS: process.env.BENCH_API_WORKERS ?? '1' } });
  const baseUrl = process.env.BENCH_URL ?? own.url;
  const token = process.env.BENCH_TOKEN ?? own.accessToken;
  const redis = new Redis(process.env.BENCH_REDIS_URL ?? own?.redisUrl ?? 'redis://127.0.0.1:6379');
  const key = liveStreamKey(process.env.BENCH_REDIS_PREFIX ?? own?.redisPrefix ?? 'console');
  const apiPid = Number(process.env.BENCH_API_PID ?? own?.apiPid ?? 0);
  const controller = new AbortController();
  try {
    // A warm API: the first requests pay for JIT and pools, not for the streams.
    for (let i = 0; i < 20; i++) await fetch(`${baseUrl}${API_PATHS.currentUser}`, { headers: { authorization: `Bearer ${token}` } });
    await sleep(1000);
    const rssBefore = apiPid ? treeRss(apiPid) : 0;

    /** event marker → { at: publish time, seen: streams that received it, all: time the last one did }. */
    const pending = new Map();
    const deliveries = [];
    const onChange = (event) => {
      const marker = event.ids?.[0];
      const entry = marker && pending.get(marker);
      if (!entry) return;
      const now = performance.now();
      deliveries.push(now - entry.at);
      if (++entry.seen === STREAMS) entry.resolve(now - entry.at);
    };
    const t0 = performance.now();
    for (let i = 0; i < STREAMS; i += 25) {
      await Promise.all(Array.from({ length: Math.min(25, STREAMS - i) }, () => openStream(baseUrl, token, onChange, controller.signal)));
    }
    const openMs = performance.now() - t0;
    await sleep(2000);
    const rssAfter = apiPid ? treeRss(apiPid) : 0;

    const fanOut = [];
    for (let i = 0; i < EVENTS; i++) {
      const marker = `bench-${process.pid}-${i}`;
      const done = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`event ${i} reached ${pending.get(marker)?.seen ?? 0} of ${STREAMS} streams`)), RECEIVE_TIMEOUT_MS);
        pending.set(marker, { at: performance.now(), seen: 0, resolve: (ms) => (clearTimeout(timer), resolve(ms)) });
      });
      pending.get(marker).at = performance.now();
      await redis.xadd(key, 'MAXLEN', '~', 10_000, '*', CHANGE_FIELD, encodeChange({ resource: 'notifications', action: 'created', section: 'notifications', ids: [marker] }));
      fanOut.push(done);
      await sleep(GAP_MS);
    }
    const allMs = (await Promise.all(fanOut)).sort((a, b) => a - b);
    deliveries.sort((a, b) => a - b);
    const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
    console.log(`live streams: ${machine()}`);
    console.log(`  ${STREAMS} streams opened in ${(openMs / 1000).toFixed(1)} s; ${EVENTS} events, one every ${GAP_MS} ms`);
    if (apiPid) console.log(`  API RSS: ${mib(rssBefore)} MiB before, ${mib(rssAfter)} MiB with the streams open: ${((rssAfter - rssBefore) / STREAMS / 1024).toFixed(1)} KiB per stream`);
    else console.log('  API RSS: not measured (set BENCH_API_PID)');
    console.log(`  fan-out, publish → received by all ${STREAMS}: p50 ${percentile(allMs, 50).toFixed(1)} ms, p99 ${percentile(allMs, 99).toFixed(1)} ms`);
    console.log(`  per delivery (${deliveries.length}): p50 ${percentile(deliveries, 50).toFixed(1)} ms, p99 ${percentile(deliveries, 99).toFixed(1)} ms`);
  } finally {
    controller.abort();
    // The bench's own API had a prefix of its own: its stream goes with it.
    if (own) await redis.del(key);
    await redis.quit();
    await own?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
