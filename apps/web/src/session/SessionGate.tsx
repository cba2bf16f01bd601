import { useEffect, useRef, type ReactNode } from 'react';
import { useApi, useAuthState } from '../api/context';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { initialiseSession } from './session';

/** Starts the session once and shows the full-screen loader until it is initialised. */
export function SessionGate({ children }: { children: ReactNode }) {
  const api = useApi();
  const { isInitialized } = useAuthState();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void initialiseSession(api);
  }, [api]);

  return isInitialized ? <>{children}</> : <FullScreenLoader />;
}
