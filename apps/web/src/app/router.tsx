import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { FirstTabRedirect, PublicOnly, RequireRoute, RequireVerified, RootRedirect } from './guards';

// Every screen loads on demand, so the first one (usually the login page) carries only what it draws.
const SCREENS = {
  LoginPage: () => import('../features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })),
  AppLayout: () => import('./layout/AppLayout').then((m) => ({ default: m.AppLayout })),
  AccountDetailsPage: () => import('../features/account/pages/AccountDetailsPage').then((m) => ({ default: m.AccountDetailsPage })),
  GroupFormPage: () => import('../features/privileges/pages/GroupFormPage').then((m) => ({ default: m.GroupFormPage })),
  GroupsPage: () => import('../features/privileges/pages/GroupsPage').then((m) => ({ default: m.GroupsPage })),
  UsersPage: () => import('../features/privileges/pages/UsersPage').then((m) => ({ default: m.UsersPage })),
  LogsPage: () => import('../features/logs/pages/LogsPage').then((m) => ({ default: m.LogsPage })),
  NotificationsPage: () => import('../features/notifications/pages/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
  TickerConfigsPage: () => import('../features/ticker-configs/pages/TickerConfigsPage').then((m) => ({ default: m.TickerConfigsPage })),
  StrategyProfilesPage: () => import('../features/strategy-profiles/pages/StrategyProfilesPage').then((m) => ({ default: m.StrategyProfilesPage })),
  StrategyProfilePage: () => import('../features/strategy-profiles/pages/StrategyProfilePage').then((m) => ({ default: m.StrategyProfilePage })),
  StrategyWizardPage: () => import('../features/strategy-profiles/pages/StrategyWizardPage').then((m) => ({ default: m.StrategyWizardPage })),
  MmProfilesPage: () => import('../features/mm-profiles/pages/MmProfilesPage').then((m) => ({ default: m.MmProfilesPage })),
  MmProfileFormPage: () => import('../features/mm-profiles/pages/MmProfileFormPage').then((m) => ({ default: m.MmProfileFormPage })),
  PositionAdministrationPage: () => import('../features/positions/pages/PositionAdministrationPage').then((m) => ({ default: m.PositionAdministrationPage })),
  RiskControlPage: () => import('../features/risk-controls/pages/RiskControlPage').then((m) => ({ default: m.RiskControlPage })),
  SystemSettingsPage: () => import('../features/system-settings/pages/SystemSettingsPage').then((m) => ({ default: m.SystemSettingsPage })),
  SignalsPage: () => import('../features/signals/pages/SignalsPage').then((m) => ({ default: m.SignalsPage })),
  OrdersPage: () => import('../features/orders/pages/OrdersPage').then((m) => ({ default: m.OrdersPage })),
  StrategyStatsPage: () => import('../features/stats/pages/StrategyStatsPage').then((m) => ({ default: m.StrategyStatsPage })),
  AccountStatsPage: () => import('../features/stats/pages/AccountStatsPage').then((m) => ({ default: m.AccountStatsPage })),
  MonthsStatsPage: () => import('../features/stats/pages/MonthsStatsPage').then((m) => ({ default: m.MonthsStatsPage })),
  ChartsStatsPage: () => import('../features/charts/pages/ChartsStatsPage').then((m) => ({ default: m.ChartsStatsPage })),
  BacktestsPage: () => import('../features/backtests/pages/BacktestsPage').then((m) => ({ default: m.BacktestsPage })),
  BacktestPage: () => import('../features/backtests/pages/BacktestPage').then((m) => ({ default: m.BacktestPage })),
  BacktestsComparePage: () => import('../features/backtests/pages/BacktestsComparePage').then((m) => ({ default: m.BacktestsComparePage })),
};

/** Loads every screen's code now (tests; or a warm-up once the user is in). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all(Object.values(SCREENS).map((load) => load()));
}

const LoginPage = lazy(SCREENS.LoginPage);
const AppLayout = lazy(SCREENS.AppLayout);
const AccountDetailsPage = lazy(SCREENS.AccountDetailsPage);
const GroupFormPage = lazy(SCREENS.GroupFormPage);
const GroupsPage = lazy(SCREENS.GroupsPage);
const UsersPage = lazy(SCREENS.UsersPage);
const LogsPage = lazy(SCREENS.LogsPage);
const NotificationsPage = lazy(SCREENS.NotificationsPage);
const SystemSettingsPage = lazy(SCREENS.SystemSettingsPage);
const TickerConfigsPage = lazy(SCREENS.TickerConfigsPage);
const StrategyProfilesPage = lazy(SCREENS.StrategyProfilesPage);
const StrategyProfilePage = lazy(SCREENS.StrategyProfilePage);
const StrategyWizardPage = lazy(SCREENS.StrategyWizardPage);
const MmProfilesPage = lazy(SCREENS.MmProfilesPage);
const MmProfileFormPage = lazy(SCREENS.MmProfileFormPage);
const StrategyStatsPage = lazy(SCREENS.StrategyStatsPage);
const AccountStatsPage = lazy(SCREENS.AccountStatsPage);
const MonthsStatsPage = lazy(SCREENS.MonthsStatsPage);
const ChartsStatsPage = lazy(SCREENS.ChartsStatsPage);
const PositionAdministrationPage = lazy(SCREENS.PositionAdministrationPage);
const RiskControlPage = lazy(SCREENS.RiskControlPage);
const SignalsPage = lazy(SCREENS.SignalsPage);
const OrdersPage = lazy(SCREENS.OrdersPage);
const BacktestsPage = lazy(SCREENS.BacktestsPage);
const BacktestPage = lazy(SCREENS.BacktestPage);
const BacktestsComparePage = lazy(SCREENS.BacktestsComparePage);
import { PATHS, ROUTE_PATTERNS, profileIdOf, type PathKey } from '../routes/paths';

/** `profile={id}` routes: any other segment is an unknown path. */
function ProfileSegment({ children }: { children: ReactNode }) {
  const { profileRef } = useParams();
  return profileIdOf(profileRef) ? <>{children}</> : <Navigate to={PATHS.login} replace />;
}

/** Every private route (PATHS in the contracts) with what it shows. */
const PRIVATE_ROUTES: { route: PathKey; element: ReactNode }[] = [
  { route: 'strategyProfiles', element: <FirstTabRedirect bar="strategyProfiles" /> },
  { route: 'strategyProfilesStrategy', element: <StrategyProfilesPage /> },
  { route: 'strategyProfilesTickers', element: <TickerConfigsPage /> },
  { route: 'strategyProfile', element: <ProfileSegment><StrategyProfilePage /></ProfileSegment> },
  { route: 'addStrategyProfile', element: <StrategyWizardPage /> },
  { route: 'mmProfiles', element: <MmProfilesPage /> },
  { route: 'addMmProfile', element: <MmProfileFormPage /> },
  { route: 'mmProfile', element: <ProfileSegment>
        <MmProfileFormPage />
      </ProfileSegment> },
  { route: 'signalsAndOrders', element: <FirstTabRedirect bar="signalsAndOrders" /> },
  { route: 'signals', element: <SignalsPage /> },
  { route: 'orders', element: <OrdersPage /> },
  { route: 'administration', element: <PositionAdministrationPage /> },
  { route: 'riskControl', element: <RiskControlPage /> },
  { route: 'stats', element: <FirstTabRedirect bar="stats" /> },
  { route: 'strategyStats', element: <StrategyStatsPage /> },
  { route: 'accountStats', element: <AccountStatsPage /> },
  { route: 'monthsStats', element: <MonthsStatsPage /> },
  { route: 'chartsStats', element: <ChartsStatsPage /> },
  { route: 'backtests', element: <BacktestsPage /> },
  { route: 'backtestsCompare', element: <BacktestsComparePage /> },
  { route: 'backtest', element: <BacktestPage /> },
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
    <Suspense fallback={<FullScreenLoader />}>
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
    </Suspense>
  );
}
