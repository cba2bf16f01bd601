import type { Theme } from '@mui/material';
import { ColorType, type UTCTimestamp } from 'lightweight-charts';

/** An ISO time as the charts' time axis takes it: whole seconds since the epoch. */
export const chartTime = (iso: string) => Math.floor(Date.parse(iso) / 1000) as UTCTimestamp;

/** What every chart of the console shares: its height, the width of its box, and the theme's paper, text and grid colours. */
export function themedChartOptions(theme: Theme, height: number) {
  const { palette } = theme;
  return {
    height,
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: palette.background.paper }, textColor: palette.text.secondary },
    grid: { vertLines: { color: palette.divider }, horzLines: { color: palette.divider } },
  };
}

/** A candlestick series' colours: body, border and wick green up and red down. */
export function candleColours({ up, down }: { up: string; down: string }) {
  return { upColor: up, downColor: down, borderUpColor: up, borderDownColor: down, wickUpColor: up, wickDownColor: down };
}
