// The page scripts/bench/charts.mjs drives: ?lib=lwc|apex|apex-canvas&kind=line|candles&theme=light|dark.
// It loads one chart component and exposes window.chartBench: `load()` imports it, `clear()` unmounts the
// last chart, `draw()` mounts a new chart of 2,000 fixed points and answers the time from the data being
// set to the first painted frame that holds the series.
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ChartPoint, ChartTimeframe } from '@console/contracts';
import { buildTheme } from '../../../apps/web/src/app/theme';
import type { ApexChartProps, ApexChartSeries } from './apex-options';

const params = new URLSearchParams(location.search);
const lib = params.get('lib') ?? 'lwc';
const kind: 'line' | 'candles' = params.get('kind') === 'candles' ? 'candles' : 'line';
const count = Number(params.get('points') ?? 2000);
const theme = buildTheme(params.get('theme') === 'dark' ? 'dark' : 'light');
// The equity chart is a daily line; the NAV chart by hour is candles.
const tf: ChartTimeframe = kind === 'candles' ? '1h' : '1d';

const loaders: Record<string, () => Promise<ComponentType<ApexChartProps>>> = {
  lwc: () => import('../../../apps/web/src/ui/charts/StatsChart').then((m) => m.StatsChart),
  apex: () => import('./StatsChartApex').then((m) => m.StatsChart),
  'apex-canvas': () => import('./StatsChartApexCanvas').then((m) => m.StatsChart),
};

/** A seeded random walk, the same on every page: equity percents, or NAV candles around $100,000. */
function makePoints(): ChartPoint[] {
  let seed = 20_000;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const step = kind === 'candles' ? 3_600_000 : 86_400_000;
  const start = Date.UTC(2020, 0, 1);
  const points: ChartPoint[] = [];
  let level = kind === 'candles' ? 100_000 : 0;
  for (let i = 0; i < count; i++) {
    const date = new Date(start + i * step).toISOString();
    const move = (random() - 0.48) * (kind === 'candles' ? 400 : 0.6);
    if (kind === 'candles') {
      const open = level;
      const close = level + move;
      points.push({ date, open, close, high: Math.max(open, close) + random() * 150, low: Math.min(open, close) - random() * 150 });
    } else {
      points.push({ date, value: level + move });
    }
    level += move;
  }
  return points;
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const element = document.getElementById('chart');
if (!element) throw new Error('no #chart element');
const root = createRoot(element);
let Chart: ComponentType<ApexChartProps> | null = null;
let key = 0;

function hasPixels(canvas: HTMLCanvasElement): boolean {
  const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
  for (let alpha = 3; alpha < pixels.length; alpha += 4) if (pixels[alpha] > 0) return true;
  return false;
}

/** SVG is drawn once apexcharts says so; a canvas pane is drawn once one of the big canvases holds pixels. */
function painted(): boolean {
  if (lib === 'apex') return true;
  const canvases = [...(element?.querySelectorAll('canvas') ?? [])];
  const area = (c: HTMLCanvasElement) => c.width * c.height;
  const biggest = Math.max(0, ...canvases.map(area));
  return biggest > 0 && canvases.some((c) => area(c) * 2 >= biggest && hasPixels(c));
}

async function load(): Promise<number> {
  const t0 = performance.now();
  Chart = await (loaders[lib] ?? loaders.lwc)();
  return performance.now() - t0;
}

/** Unmounts the chart drawn before, so the next draw starts from an empty page. */
async function clear(): Promise<void> {
  flushSync(() => root.render(null));
  await frame();
  await frame();
}

async function draw(): Promise<{ ms: number; nodes: number }> {
  if (!Chart) throw new Error('load() first');
  const Loaded = Chart;
  const series: ApexChartSeries[] = [{ dataType: kind === 'candles' ? 'NAV' : 'Equity', chartType: kind, points: makePoints() }];
  let drawn = () => {};
  const done = new Promise<void>((resolve) => (drawn = resolve));
  key += 1;
  const t0 = performance.now();
  // lightweight-charts draws on the next animation frame after setData; apexcharts says when it is done.
  flushSync(() =>
    root.render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Loaded key={key} series={series} tf={tf} onDrawn={lib === 'lwc' ? undefined : drawn} />
      </ThemeProvider>,
    ),
  );
  if (lib === 'lwc') drawn();
  await done;
  // Canvas series are painted in an animation frame of their own.
  do await frame();
  while (!painted());
  await frame();
  return { ms: performance.now() - t0, nodes: element?.querySelectorAll('*').length ?? 0 };
}

Object.assign(window, { chartBench: { load, clear, draw } });
