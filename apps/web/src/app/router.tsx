import type { TabBar } from '@console/contracts';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { AccountDetailsPage } from '../features/account/pages/AccountDetailsPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { GroupFormPage } from '../features/privileges/pages/GroupFormPage';
import { GroupsPage } from '../features/privileges/pages/GroupsPage';
import { UsersPage } from '../features/privileges/pages/UsersPage';
import { LogsPage } from '../features/logs/pages/LogsPage';
import { NotificationsPage } from '../features/notifications/pages/NotificationsPage';
import { PendingScreen } from '../features/pending/pages/PendingScreen';
import { SystemSettingsPage } from '../features/system-settings/pages/SystemSettingsPage';
import { FirstTabRedirect, PublicOnly, RequireRoute, RequireVerified, RootRedirect } from './guards';
import { AppLayout } from './layout/AppLayout';
import { PATHS, ROUTE_PATTERNS, profileIdOf, type PathKey } from './paths';

/** `profile={id}` routes: any other segment is an unknown path. */
function ProfileSegment({ children }: { children: ReactNode }) {
  const { profileRef } = useParams();
  return profileIdOf(profileRef) ? <>{children}</> : <Navigate to={PATHS.login} replace />;
}

const pending = (title: string, bar?: TabBar) => <PendingScreen title={title} bar={bar} />;

/** Every private route of platform.md 2.1 with what it shows. */
const PRIVATE_ROUTES: { route: PathKey; element: ReactNode }[] = [
  { route: 'strategyProfiles', element: <FirstTabRedirect bar="strategyProfiles" /> },
  { route: 'strategyProfilesStrategy', element: pending('Strategy profiles', 'strategyProfiles') },
  { route: 'strategyProfilesTickers', element: pending('Tickers configs', 'strategyProfiles') },
  { route: 'strategyProfile', element: <ProfileSegment>{pending('Strategy profile')}</ProfileSegment> },
  { route: 'addStrategyProfile', element: pending('New strategy profile') },
  { route: 'mmProfiles', element: pending('MM profiles') },
  { route: 'addMmProfile', element: pending('New MM profile') },
  { route: 'mmProfile', element: <ProfileSegment>{pending('MM profile')}</ProfileSegment> },
  { route: 'signalsAndOrders', element: <FirstTabRedirect bar="signalsAndOrders" /> },
  { route: 'signals', element: pending('Signals', 'signalsAndOrders') },
  { route: 'orders', element: pending('Orders', 'signalsAndOrders') },
  { route: 'administration', element: pending('Position administration', 'signalsAndOrders') },
  { route: 'riskControl', element: pending('Risk control service', 'signalsAndOrders') },
  { route: 'stats', element: <FirstTabRedirect bar="stats" /> },
  { route: 'strategyStats', element: pending('Strategy stats', 'stats') },
  { route: 'accountStats', element: pending('Account stats', 'stats') },
  { route: 'monthsStats', element: pending('Stats by months', 'stats') },
  { route: 'chartsStats', element: pending('Charts', 'stats') },
  { route: 'notifications', element: <NotificationsPage /> },
  { route: 'logs', element: <LogsPage /> },
  { route: 'systemSettings', element: <SystemSettingsPage /> },
  { route: 'accountDetails', element: <AccountDetailsPage /> },
  { route: 'privileges', element: <FirstTabRedirect bar="privileges" /> },
  { route: 'groups', element: <GroupsPage /> },
  { route: 'userManagement', element: <UsersPage /> },
  { route: 'privilegesAdd', element: <GroupFormPage /> },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={PATHS.login}
        element={
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        }
      />
      <Route path={PATHS.root} element={<RootRedirect />} />
      <Route
        element={
          <RequireVerified>
            <AppLayout />
          </RequireVerified>
        }
      >
        {PRIVATE_ROUTES.map(({ route, element }) => (
          <Route key={route} path={ROUTE_PATTERNS[route]} element={<RequireRoute route={route}>{element}</RequireRoute>} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={PATHS.login} replace />} />
    </Routes>
  );
}
