import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { LiveStatus } from '@console/contracts';
import { useApiClient } from '../api/context';
import { invalidateEverything, invalidateResource } from './invalidate';
import { browserEventSource, connectLive, type LiveSourceFactory } from './live-connection';

const LiveStatusContext = createContext<LiveStatus>('connecting');

/**
 * One live stream for the signed-in console: each change marks its resource's data stale, so every
 * table, badge and chart showing it refetches in place; a `refetch` marks everything stale.
 */
export function LiveProvider({ children, createSource = browserEventSource }: { children: ReactNode; createSource?: LiveSourceFactory | null }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!createSource) return;
    const live = connectLive(client, createSource, {
      onStatus: setStatus,
      onChange: (event) => void invalidateResource(queryClient, event.resource),
      onRefetch: () => void invalidateEverything(queryClient),
    });
    return () => live.stop();
  }, [client, queryClient, createSource]);

  return <LiveStatusContext.Provider value={status}>{children}</LiveStatusContext.Provider>;
}

export function useLiveStatus(): LiveStatus {
  return useContext(LiveStatusContext);
}
