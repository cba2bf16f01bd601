// Charts library benchmark: lightweight-charts (what the SPA draws with) against apexcharts through
// react-apexcharts, measured two ways.
//   1. Weight: the SPA is built once as it is and once per apexcharts variant of StatsChart
//      (scripts/bench/charts/StatsChartApex*.tsx put in its place); printed is the gzipped size of the
//      chart chunk (what the chart component adds to the app), of the charts route beyond the app shell,
//      and of the login screen.
//   2. Drawing in headless Chromium (playwright-core, /usr/bin/chromium): a page (charts/index.html)
//      mounts one chart of 2,000 points (a daily equity line, or hourly NAV candles) and times from the
//      data being set to the first painted frame that holds the series, with the CPU time the renderer
//      spent on it (Chromium's own counters, so a busy machine inflates it less than the wall clock): one
//      cold draw right after the library loaded, then BENCH_WARM remounts. Libraries take turns
//      (A B C A B C …), a fresh page each, BENCH_ROUNDS rounds; medians are printed with the load average.
// apexcharts is not a dependency of the SPA: it is installed into a scratch folder outside the checkout
// (BENCH_SCRATCH, default <tmp>/console-bench-charts), which also receives the builds and screenshots.
//
// Run: node scripts/bench/charts.mjs   (after `pnpm install`; 5 to 20 minutes, with the machine's load)
//   BENCH_ONLY=weight|draw  BENCH_ROUNDS=10  BENCH_WARM=4  BENCH_POINTS=2000  CHROMIUM_PATH=/usr/bin/chromium
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/toolchain.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const WARM = Number(process.env.BENCH_WARM ?? 4);
const POINTS = Number(process.env.BENCH_POINTS ?? 2000);
const ONLY = process.env.BENCH_ONLY ?? '';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCRATCH = process.env.BENCH_SCRATCH ?? join(tmpdir(), 'console-bench-charts');
// apexcharts 8.7.0 needs an apex-commons release the registry does not have; 7.9.1 is the newest that installs.
const APEX = { apexcharts: '7.9.1', 'react-apexcharts': '2.2.0' };

const WEB = join(ROOT, 'apps/web');
const BENCH = join(ROOT, 'scripts/bench/charts');
const requireFromWeb = createRequire(join(WEB, 'package.json'));
const importFromWeb = (id) => import(pathToFileURL(requireFromWeb.resolve(id)).href);
const { build } = await importFromWeb('vite');
const { default: react } = await importFromWeb('@vitejs/plugin-react');
// playwright-core comes with @playwright/test, the SPA's browser-test runner.
const { chromium } = createRequire(requireFromWeb.resolve('@playwright/test'))('playwright-core');

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** apexcharts and react-apexcharts in the scratch folder; React comes from the SPA (no peer copies). */
function installApex() {
  const pkg = join(SCRATCH, 'node_modules/apexcharts/package.json');
  if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).version === APEX.apexcharts) return;
  mkdirSync(SCRATCH, { recursive: true });
  writeFileSync(join(SCRATCH, 'package.json'), JSON.stringify({ name: 'console-bench-charts', private: true }));
  const specs = Object.entries(APEX).map(([name, version]) => `${name}@${version}`);
  const res = spawnSync('pnpm', ['add', '--ignore-workspace', '--config.auto-install-peers=false', ...specs], { cwd: SCRATCH, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('installing apexcharts into the scratch folder failed');
}

/**
 * Bare imports of the bench's files and of the scratch packages are looked up from the SPA first (React,
 * MUI, lightweight-charts: one copy of each) and then from the scratch folder (apexcharts).
 */
const benchResolve = {
  name: 'bench-resolve',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || /^[./\0]/.test(source) || source.startsWith('@console/')) return null;
    if (!importer.startsWith(BENCH) && !importer.startsWith(SCRATCH)) return null;
    for (const base of [join(WEB, 'src/main.tsx'), join(SCRATCH, 'package.json')]) {
      const resolved = await this.resolve(source, base, { ...options, skipSelf: true });
      if (resolved) return resolved;
    }
    return null;
  },
};

/** Puts a bench variant in place of the SPA's StatsChart. */
const swapChart = (file) => ({
  name: 'bench-swap-chart',
  enforce: 'pre',
  resolveId: (source) => (source.endsWith('/ui/charts/StatsChart') ? file : null),
});

const quiet = { logLevel: 'warn' };
const dedupe = { dedupe: ['react', 'react-dom', '@mui/material', '@emotion/react'] };

/** Builds the SPA (optionally with another StatsChart) and weighs its chart chunk and its login screen. */
async function weighSpa(name, variantFile) {
  const outDir = join(SCRATCH, `spa-${basename(variantFile ?? 'StatsChart.tsx', '.tsx')}`);
  await build({
    ...quiet,
    root: WEB,
    configFile: join(WEB, 'vite.config.ts'),
    plugins: variantFile ? [swapChart(variantFile), benchResolve] : [],
    resolve: dedupe,
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2048 },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const size = (file) => gzipSync(readFileSync(join(outDir, file))).length;
  const closure = (keys, skip) => {
    const files = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk || key === skip || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const next of chunk.imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return files;
  };
  const keyOf = (pattern) => Object.keys(manifest).find((key) => pattern.test(key));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const page = keyOf(/features\/charts\/pages\/ChartsStatsPage\.tsx$/);
  const login = keyOf(/features\/auth\/pages\/LoginPage\.tsx$/);
  // A chunk shared by two pages is keyed by its name (`_StatsChart-<hash>.js`), a page's own by its source.
  const chartName = basename(variantFile ?? 'StatsChart.tsx', '.tsx');
  const chartKey = Object.keys(manifest).find((key) => manifest[key].name === chartName);
  const lazyKeys = manifest[chartKey].dynamicImports ?? [];
  // The chart component's own chunk and the chunks that no other page or entry imports.
  const roots = Object.keys(manifest).filter((key) => (manifest[key].isEntry || manifest[key].isDynamicEntry) && !lazyKeys.includes(key));
  const rest = closure(roots, chartKey);
  const chartFiles = [...closure([chartKey])].filter((file) => !rest.has(file));
  const app = closure([entry]);
  const pageOnly = [...closure([page])].filter((file) => !app.has(file));
  const lazy = [...closure(lazyKeys)].filter((file) => !rest.has(file) && !chartFiles.includes(file));
  const sum = (files) => files.reduce((total, file) => total + size(file), 0);
  return {
    name,
    chart: sum(chartFiles),
    chartRaw: chartFiles.reduce((total, file) => total + readFileSync(join(outDir, file)).length, 0),
    route: sum(pageOnly),
    lazy: sum(lazy),
    login: sum([...closure([entry, login])]),
  };
}

/** The timing page, built once with every variant as its own lazy chunk. */
async function buildHarness() {
  const outDir = join(SCRATCH, 'harness');
  await build({
    ...quiet,
    root: BENCH,
    configFile: false,
    base: './',
    plugins: [react(), benchResolve],
    resolve: { ...dedupe, alias: { '@console/contracts': join(ROOT, 'packages/contracts/src/index.ts') } },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2048 },
  });
  return outDir;
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
function serve(dir) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const LIBS = ['lwc', 'apex', 'apex-canvas'];
const KINDS = ['line', 'candles'];

async function timeDrawing(origin) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const samples = {};
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    for (let round = 1; round <= ROUNDS; round++) {
      for (const kind of KINDS) {
        for (const lib of LIBS) {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
          // CPU seconds of the page's main thread and of its whole renderer process (raster included).
          const cpu = async () => {
            const { metrics } = await cdp.send('Performance.getMetrics');
            const value = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
            return { thread: value('ThreadTime'), process: value('ProcessTime') };
          };
          await page.goto(`${origin}/?lib=${lib}&kind=${kind}&points=${POINTS}`);
          const entry = (samples[`${lib} ${kind}`] ??= { load: [], cold: [], warm: [], coldCpu: [], warmCpu: [], coldProcess: [], warmProcess: [], nodes: 0 });
          entry.load.push(await page.evaluate(() => globalThis.chartBench.load()));
          for (let i = 0; i <= WARM; i++) {
            await page.evaluate(() => globalThis.chartBench.clear());
            const before = await cpu();
            const drawn = await page.evaluate(() => globalThis.chartBench.draw());
            const after = await cpu();
            const which = i === 0 ? 'cold' : 'warm';
            entry[which].push(drawn.ms);
            entry[`${which}Cpu`].push((after.thread - before.thread) * 1000);
            entry[`${which}Process`].push((after.process - before.process) * 1000);
            entry.nodes = drawn.nodes;
          }
          await page.close();
        }
      }
      console.log(`  round ${round}/${ROUNDS}  load ${loadavg()}`);
    }
    // Pictures to look at: each library, each series kind, both themes.
    const shots = join(SCRATCH, 'screens');
    mkdirSync(shots, { recursive: true });
    for (const lib of LIBS) {
      for (const kind of KINDS) {
        for (const theme of ['light', 'dark']) {
          const page = await context.newPage();
          await page.goto(`${origin}/?lib=${lib}&kind=${kind}&theme=${theme}&points=${POINTS}`);
          await page.evaluate(async () => {
            await globalThis.chartBench.load();
            await globalThis.chartBench.draw();
          });
          await page.locator('#chart').screenshot({ path: join(shots, `${lib}-${kind}-${theme}.png`) });
          await page.close();
        }
      }
    }
    console.log(`screenshots: ${shots}`);
  } finally {
    await browser.close();
  }
  return samples;
}

console.log(`charts bench: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${new Date().toISOString()}`);
console.log(`apexcharts ${APEX.apexcharts}, react-apexcharts ${APEX['react-apexcharts']}; ${POINTS} points; scratch ${SCRATCH}`);
installApex();

if (ONLY !== 'draw') {
  console.log('\nWeight (gzipped; chart chunk = what the chart component adds to the app):');
  const weights = [
    await weighSpa('lightweight-charts', null),
    await weighSpa('apexcharts core + line, bar, candlestick', join(BENCH, 'StatsChartApex.tsx')),
    await weighSpa('the same + canvas renderer', join(BENCH, 'StatsChartApexCanvas.tsx')),
    await weighSpa('apexcharts default entry (everything)', join(BENCH, 'StatsChartApexFull.tsx')),
  ];
  for (const w of weights) {
    console.log(
      `  ${w.name.padEnd(44)} chart chunk ${kb(w.chart).padStart(9)} (${kb(w.chartRaw)} raw)  charts route ${kb(w.route).padStart(9)}  lazy parts ${kb(w.lazy)}  login ${kb(w.login)}`,
    );
  }
}
if (ONLY === 'weight') process.exit(0);

const harness = await buildHarness();
const server = await serve(harness);
const origin = `http://127.0.0.1:${server.address().port}`;
console.log(`\nDrawing ${POINTS} points, ${ROUNDS} rounds × (1 cold + ${WARM} warm) per library and series; load before: ${loadavg()}`);
const samples = await timeDrawing(origin);
server.close();
console.log(`load after: ${loadavg()}`);
console.log('\nMedians, ms. draw = data set to first painted frame (wall clock); main = main-thread CPU; renderer = renderer process CPU.');
console.log('  library + series        load   cold draw    main  renderer   warm draw    main  renderer  DOM nodes');
const cell = (values, width) => median(values).toFixed(1).padStart(width);
for (const [name, s] of Object.entries(samples)) {
  console.log(
    `  ${name.padEnd(20)} ${cell(s.load, 7)} ${cell(s.cold, 11)} ${cell(s.coldCpu, 7)} ${cell(s.coldProcess, 9)} ${cell(s.warm, 11)} ${cell(s.warmCpu, 7)} ${cell(s.warmProcess, 9)} ${String(s.nodes).padStart(10)}`,
  );
}
