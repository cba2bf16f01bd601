import { pathTo, visibleTabs, type TabBar } from '@console/contracts';
import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useAuthState } from '../api/context';

/** A sub-tab bar: only the tabs whose section the user may read. */
export function SectionTabs({ bar }: { bar: TabBar }) {
  const { user } = useAuthState();
  const { pathname } = useLocation();
  const tabs = visibleTabs(user?.group, bar);
  const current = tabs.find((tab) => pathname.startsWith(pathTo(tab.path)));
  if (tabs.length === 0) return null;
  return (
    // Scrollable, so that a bar wider than a phone (Signals, Orders, Administration, RCS) is swiped, not clipped.
    <Tabs value={current ? current.path : false} variant="scrollable" scrollButtons="auto" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {tabs.map((tab) => (
        <Tab
          key={tab.path}
          value={tab.path}
          label={tab.label}
          component={Link}
          to={pathTo(tab.path)}
          data-testid={`tab-${tab.path}`}
        />
      ))}
    </Tabs>
  );
}
