import { decomposeColor } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { buildTheme } from './theme';

type Rgb = [number, number, number];

/** An sRGB colour, with a translucent one laid over the background it is drawn on. */
function rgbOn(colour: string, background: Rgb): Rgb {
  const { values, type } = decomposeColor(colour);
  const alpha = type === 'rgba' ? (values[3] ?? 1) : 1;
  return [0, 1, 2].map((i) => values[i] * alpha + background[i] * (1 - alpha)) as Rgb;
}

/** WCAG 2.x relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of text drawn over an opaque background. */
export function contrastRatio(text: string, background: string): number {
  const base = rgbOn(background, [255, 255, 255]);
  const [lighter, darker] = [luminance(rgbOn(text, base)), luminance(base)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

const STATUSES = ['primary', 'success', 'error', 'warning', 'info'] as const;

describe('contrastRatio', () => {
  it('gives the WCAG figures for known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // Half-transparent black on white is a mid grey.
    expect(contrastRatio('rgba(0, 0, 0, 0.5)', '#ffffff')).toBeCloseTo(contrastRatio('#808080', '#ffffff'), 1);
  });
});

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  const { palette } = buildTheme(mode);
  const backgrounds = { paper: palette.background.paper, default: palette.background.default };

  it.each(Object.entries(backgrounds))('reads plain text at 4.5:1 or more on the %s background', (_, background) => {
    expect(contrastRatio(palette.text.primary, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette.text.secondary, background)).toBeGreaterThanOrEqual(4.5);
  });

  // Status words (order statuses, outlined chips, coloured buttons and links) are drawn in the main colour.
  it.each(STATUSES.flatMap((status) => Object.entries(backgrounds).map(([name, background]) => [status, name, background])))(
    'reads %s text at 4.5:1 or more on the %s background',
    (status, _, background) => {
      expect(contrastRatio(palette[status as (typeof STATUSES)[number]].main, background)).toBeGreaterThanOrEqual(4.5);
    },
  );

  // The return scale of By Months writes figures in the lighter and deeper greens too.
  it.each(['light', 'dark'] as const)('reads the %s green of the return scale at 4.5:1 or more on both backgrounds', (shade) => {
    for (const background of Object.values(backgrounds)) {
      expect(contrastRatio(palette.success[shade], background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  // Filled chips and contained buttons put contrastText on the main colour.
  it.each(STATUSES)('reads the text of a filled %s chip at 4.5:1 or more', (status) => {
    expect(contrastRatio(palette[status].contrastText, palette[status].main)).toBeGreaterThanOrEqual(4.5);
  });
});
