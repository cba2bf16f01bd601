import { CssBaseline, ThemeProvider, createTheme, type PaletteMode, type Theme } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export const COLOR_MODE_KEY = 'colorMode';

/** The smallest touch target on small screens (WCAG 2.5.5 asks 44 x 44 CSS px). */
export const TOUCH_TARGET_PX = 44;

function storedMode(): PaletteMode {
  try {
    return localStorage.getItem(COLOR_MODE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/**
 * Status colours chosen so that each, as text, reads at 4.5:1 or more on both backgrounds of its theme
 * (theme.spec.ts checks it). MUI's defaults fail for warning and info text in light, and for the white
 * text MUI puts on dark's error red.
 */
const STATUS_COLOURS = {
  light: { success: '#2e7d32', error: '#c62828', warning: '#a15c00', info: '#0369a1' },
  dark: { success: '#66bb6a', error: '#f47067', warning: '#ffa726', info: '#4fc3f7' },
} as const;

/**
 * The return scale's lighter and deeper greens (By Months colours returns of 5-8 % light, 15 % and more
 * dark), as text at 4.5:1 or more too: MUI derives them by lightening and darkening, which left the light
 * green at 2.8:1 on white.
 */
const SUCCESS_SHADES = {
  light: { light: '#4a7c2a', dark: '#1b5e20' },
  dark: { light: '#a5d6a7', dark: '#43a047' },
} as const;

/** Below `md` the layout is the phone one: temporary menu drawer, full-width forms, bigger touch targets. */
const small = (theme: Theme) => theme.breakpoints.down('md');

export function buildTheme(mode: PaletteMode) {
  const status = STATUS_COLOURS[mode];
  return createTheme({
    palette: {
      mode,
      // contrastText (the text on a filled chip or button) is picked at 4.5:1, not MUI's default 3:1.
      contrastThreshold: 4.5,
      primary: { main: mode === 'light' ? '#1f5fbf' : '#7aa7ff' },
      success: { main: status.success, ...SUCCESS_SHADES[mode] },
      error: { main: status.error },
      warning: { main: status.warning },
      info: { main: status.info },
      background: mode === 'light' ? { default: '#f4f6f9', paper: '#ffffff' } : { default: '#0f1218', paper: '#171b23' },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: ({ theme }) => ({ textTransform: 'none', [small(theme)]: { minHeight: TOUCH_TARGET_PX } }) },
      },
      MuiIconButton: {
        styleOverrides: { root: ({ theme }) => ({ [small(theme)]: { minWidth: TOUCH_TARGET_PX, minHeight: TOUCH_TARGET_PX } }) },
      },
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ [small(theme)]: { minHeight: TOUCH_TARGET_PX } }) } },
      MuiCheckbox: { styleOverrides: { root: ({ theme }) => ({ [small(theme)]: { padding: 10 } }) } },
      // A 44 px switch: root and thumb grow by the same 3 px a side, so the thumb stays centred on the track.
      MuiSwitch: {
        styleOverrides: {
          root: ({ theme }) => ({ [small(theme)]: { width: 64, height: TOUCH_TARGET_PX, padding: 15 } }),
          switchBase: ({ theme }) => ({ [small(theme)]: { padding: 12 } }),
        },
      },
      MuiMenuItem: { styleOverrides: { root: ({ theme }) => ({ [small(theme)]: { minHeight: TOUCH_TARGET_PX } }) } },
      MuiTableSortLabel: { styleOverrides: { root: ({ theme }) => ({ [small(theme)]: { minHeight: TOUCH_TARGET_PX } }) } },
      // Small inputs are 40 px tall; on small screens they grow to 44 and their resting label moves down to match.
      MuiOutlinedInput: {
        styleOverrides: {
          root: ({ theme }) => ({
            [small(theme)]: {
              '&.MuiInputBase-sizeSmall': { minHeight: TOUCH_TARGET_PX },
              '&.MuiInputBase-sizeSmall .MuiOutlinedInput-input': { paddingTop: 10.5, paddingBottom: 10.5 },
            },
          }),
        },
      },
      MuiInputLabel: {
        styleOverrides: {
          root: ({ theme }) => ({ [small(theme)]: { '&.MuiInputLabel-sizeSmall:not(.MuiInputLabel-shrink)': { transform: 'translate(14px, 11px) scale(1)' } } }),
        },
      },
      // The rows-per-page choice under a table: its clickable box, not only the text.
      MuiTablePagination: {
        styleOverrides: {
          root: ({ theme }) => ({
            [small(theme)]: {
              '& .MuiTablePagination-select.MuiSelect-select': { display: 'flex', alignItems: 'center', minHeight: TOUCH_TARGET_PX, boxSizing: 'border-box' },
            },
          }),
        },
      },
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-selected': {
              color: theme.palette.primary.main,
              '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
            },
          }),
        },
      },
    },
  });
}

interface ColorModeValue {
  mode: PaletteMode;
  toggle(): void;
}

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => undefined });

/** Light and dark themes; the choice is remembered in localStorage. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<PaletteMode>(storedMode);
  const toggle = useCallback(() => {
    setMode((previous) => {
      const next = previous === 'light' ? 'dark' : 'light';
      try {
        localStorage.setItem(COLOR_MODE_KEY, next);
      } catch {
        // Not remembered when storage is unavailable.
      }
      return next;
    });
  }, []);
  const theme = useMemo(() => buildTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}
