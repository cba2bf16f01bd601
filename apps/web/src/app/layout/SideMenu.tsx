import { LABELS, LIMITS, menuEntryTarget, pathTo, visibleMenuEntries, type PathKey } from '@console/contracts';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BarChartIcon from '@mui/icons-material/BarChart';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import HistoryIcon from '@mui/icons-material/History';
import TuneIcon from '@mui/icons-material/Tune';
import {
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuthState } from '../../api/context';

const ICONS: Partial<Record<PathKey, ReactElement>> = {
  strategyProfiles: <TuneIcon />,
  mmProfiles: <AccountBalanceWalletIcon />,
  signalsAndOrders: <ShowChartIcon />,
  stats: <BarChartIcon />,
  backtests: <HistoryIcon />,
  notifications: <NotificationsIcon />,
  logs: <ReceiptLongIcon />,
  systemSettings: <SettingsIcon />,
  accountDetails: <ManageAccountsIcon />,
  privileges: <AdminPanelSettingsIcon />,
};

export interface SideMenuProps {
  /**
   * `permanent`: beside the page, collapsible between 240 and 74 px (md and up). `temporary`: a drawer
   * over the page with every label, opened from the top bar and closed by a choice (below md).
   */
  variant?: 'permanent' | 'temporary';
  open: boolean;
  /** Collapses or expands the permanent menu; closes the temporary one. */
  onToggle(): void;
  onLogout(): void;
}

/** The side menu: entries the user's group may open, then 'Log out'. */
export function SideMenu({ variant = 'permanent', open, onToggle, onLogout }: SideMenuProps) {
  const { user } = useAuthState();
  const { pathname } = useLocation();
  const temporary = variant === 'temporary';
  const expanded = temporary || open;
  const width = expanded ? LIMITS.sideMenuOpenPx : LIMITS.sideMenuClosedPx;
  const entries = visibleMenuEntries(user?.group);
  // A choice in the temporary drawer closes it, so the page it opens is in view.
  const afterChoice = temporary ? onToggle : undefined;

  const itemSx = { minHeight: 44, px: 2.5, justifyContent: expanded ? 'initial' : 'center' } as const;
  const iconSx = { minWidth: 0, mr: expanded ? 2 : 'auto', justifyContent: 'center' } as const;
  const toggleLabel = temporary ? 'Close menu' : open ? 'Collapse menu' : 'Expand menu';

  return (
    <Drawer
      variant={temporary ? 'temporary' : 'permanent'}
      open={temporary ? open : true}
      onClose={onToggle}
      // Kept in the page while closed, so opening it on a phone does not build it again.
      ModalProps={{ keepMounted: true }}
      // As a phone's drawer the paper is a dialog, which needs a name.
      slotProps={{ paper: temporary ? { 'aria-label': 'Menu' } : undefined }}
      data-testid="side-menu"
      data-variant={variant}
      data-open={open}
      sx={{
        width: temporary ? undefined : width,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width,
          overflowX: 'hidden',
          boxSizing: 'border-box',
          transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      }}
    >
      {/* The whole drawer is the navigation landmark, so its title and toggle sit in a landmark too. */}
      <Box component="nav" aria-label="Main menu" sx={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: expanded ? 'space-between' : 'center', px: expanded ? 2 : 0, minHeight: 64 }}>
          {expanded && (
            <Typography variant="subtitle1" noWrap sx={{ fontWeight: 700 }}>
              Trading console
            </Typography>
          )}
          <IconButton onClick={onToggle} aria-label={toggleLabel} data-testid="menu-toggle">
            {expanded ? <ChevronLeftIcon /> : <MenuIcon />}
          </IconButton>
        </Box>
        <Divider />
        {/* A list holds only list items: each entry is an <li> around its link. */}
        <List sx={{ flex: 1 }}>
          {entries.map((entry) => {
            const target = pathTo(menuEntryTarget(user?.group, entry.path));
            const active = pathname.startsWith(pathTo(entry.path));
            return (
              <ListItem key={entry.path} disablePadding>
                <Tooltip title={expanded ? '' : entry.label} placement="right">
                  <ListItemButton
                    component={Link}
                    to={target}
                    onClick={afterChoice}
                    selected={active}
                    aria-current={active ? 'page' : undefined}
                    aria-label={entry.label}
                    data-testid={`menu-${entry.path}`}
                    sx={itemSx}
                  >
                    <ListItemIcon sx={iconSx}>{ICONS[entry.path]}</ListItemIcon>
                    {expanded && <ListItemText primary={entry.label} />}
                  </ListItemButton>
                </Tooltip>
              </ListItem>
            );
          })}
        </List>
        <Divider />
        <List>
          <ListItem disablePadding>
            <Tooltip title={expanded ? '' : LABELS.logOut} placement="right">
              <ListItemButton onClick={onLogout} aria-label={LABELS.logOut} data-testid="menu-logout" sx={itemSx}>
                <ListItemIcon sx={iconSx}>
                  <LogoutIcon />
                </ListItemIcon>
                {expanded && <ListItemText primary={LABELS.logOut} />}
              </ListItemButton>
            </Tooltip>
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
}
