import { CssBaseline, ThemeProvider, createTheme, type PaletteMode } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export const COLOR_MODE_KEY = 'colorMode';

function storedMode(): PaletteMode {
  try {
    return localStorage.getItem(COLOR_MODE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function buildTheme(mode: PaletteMode) {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#1f5fbf' : '#7aa7ff' },
      background: mode === 'light' ? { default: '#f4f6f9', paper: '#ffffff' } : { default: '#0f1218', paper: '#171b23' },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
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
