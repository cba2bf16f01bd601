import {
  canOpenRoute,
  firstAllowedTab,
  loginRedirect,
  rootRedirect,
  type TabBar,
} from '@console/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthState } from '../api/context';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { PATHS, pathTo, type PathKey } from '../routes/paths';

function useSignedInUser() {
  const { isInitialized, isAuthenticated, isVerified, user } = useAuthState();
  return { isInitialized, user: isAuthenticated && isVerified ? user : null };
}

/** Private routes: a loader until the session is initialised, /login unless authenticated and verified. */
export function RequireVerified({ children }: { children: ReactNode }) {
  const { isInitialized, user } = useSignedInUser();
  if (!isInitialized) return <FullScreenLoader />;
  if (!user) return <Navigate to={PATHS.login} replace />;
  return <>{children}</>;
}

/** A route whose sections are all NP is hidden: the user goes to the root route's target instead. */
export function RequireRoute({ route, children }: { route: PathKey; children: ReactNode }) {
  const { user } = useSignedInUser();
  if (!user) return <Navigate to={PATHS.login} replace />;
  if (!canOpenRoute(user.group, route)) return <Navigate to={pathTo(rootRedirect(user.group))} replace />;
  return <>{children}</>;
}

/** The redirect pages: the first permitted tab of the bar, else the root route. */
export function FirstTabRedirect({ bar }: { bar: TabBar }) {
  const { user } = useSignedInUser();
  const tab = firstAllowedTab(user?.group, bar);
  return <Navigate to={tab ? pathTo(tab) : PATHS.root} replace />;
}

/** Root path: signals when allowed, else account details; /login when not signed in. */
export function RootRedirect() {
  const { isInitialized, user } = useSignedInUser();
  if (!isInitialized) return <FullScreenLoader />;
  if (!user) return <Navigate to={PATHS.login} replace />;
  return <Navigate to={pathTo(rootRedirect(user.group))} replace />;
}

/** /login for someone already verified goes on to loginRedirect. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { isInitialized, user } = useSignedInUser();
  if (!isInitialized) return <FullScreenLoader />;
  if (user) return <Navigate to={pathTo(loginRedirect(user.group))} replace />;
  return <>{children}</>;
}
