import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import { Box, CircularProgress, IconButton, Toolbar, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Suspense, useState } from 'react';
import { Outlet, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthState } from '../../api/context';
import { useLogout } from '../../session/session';
import { PATHS } from '../../routes/paths';
import { useColorMode } from '../theme';
import { SideMenu } from './SideMenu';
import { BotStatusButton } from '../../features/bot-control/components/BotStatusButton';
import { LiveIndicator } from '../../live/LiveIndicator';
import { LiveProvider } from '../../live/LiveProvider';

const MENU_OPEN_KEY = 'sideMenuOpen';

function storedMenuOpen(): boolean {
  try {
    return localStorage.getItem(MENU_OPEN_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** The signed-in console, with its one live stream (src/live). */
export function AppLayout() {
  return (
    <LiveProvider>
      <SignedInLayout />
    </LiveProvider>
  );
}

function SignedInLayout() {
  const [menuOpen, setMenuOpen] = useState(storedMenuOpen);
  // Below md (phones, small tablets) the menu is a drawer over the page, closed until asked for.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { mode, toggle } = useColorMode();
  const { user } = useAuthState();
  const logout = useLogout();
  const navigate = useNavigate();
  // `?iframe=` (charts embedded elsewhere): the page alone, without the menu and the top bar.
  const [searchParams] = useSearchParams();

  const toggleMenu = () =>
    setMenuOpen((open) => {
      try {
        localStorage.setItem(MENU_OPEN_KEY, String(!open));
      } catch {
        // Not remembered when storage is unavailable.
      }
      return !open;
    });

  const onLogout = async () => {
    await logout();
    navigate(PATHS.login, { replace: true });
  };

  if (searchParams.has('iframe')) {
    return (
      <Box component="main" sx={{ p: 1 }}>
        <Suspense fallback={<CircularProgress size={28} />}>
          <Outlet />
        </Suspense>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {wide ? (
        <SideMenu open={menuOpen} onToggle={toggleMenu} onLogout={() => void onLogout()} />
      ) : (
        <SideMenu variant="temporary" open={drawerOpen} onToggle={() => setDrawerOpen(false)} onLogout={() => void onLogout()} />
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {/* The top bar is the page's banner landmark. */}
        <Toolbar
          component="header"
          sx={{
            gap: 1,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            // On a phone the bar (and its menu button) stays in view while the page scrolls.
            position: { xs: 'sticky', md: 'static' },
            top: 0,
            zIndex: 'appBar',
          }}
        >
          {!wide && (
            <IconButton edge="start" onClick={() => setDrawerOpen(true)} aria-label="Open menu" data-testid="drawer-open">
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flex: 1 }} />
          <LiveIndicator />
          <BotStatusButton />
          <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }} title={user?.email} data-testid="current-user-email">
            {user?.email}
          </Typography>
          <Tooltip title={mode === 'light' ? 'Dark theme' : 'Light theme'}>
            <IconButton onClick={toggle} aria-label="Toggle theme" data-testid="theme-toggle">
              {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
            </IconButton>
          </Tooltip>
        </Toolbar>
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}>
          {/* A screen's code loads on first visit; the menu and bar stay while it does. */}
          <Suspense fallback={<CircularProgress aria-label="Loading" data-testid="page-loader" sx={{ display: 'block', mx: 'auto', mt: 6 }} />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
