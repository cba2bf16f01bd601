import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { LiveStatus } from '@console/contracts';
import { useApiClient } from '../api/context';
import { invalidateEverything, invalidateResource, patchRows } from './invalidate';
import { LiveHub } from './live-hub';
import { browserEventSource, connectLive, type LiveSourceFactory } from './live-connection';

const LiveStatusContext = createContext<LiveStatus>('connecting');
/** Without a provider (a screen tested alone) the hub never goes live: waiters fall back to their timers. */
const LiveHubContext = createContext<LiveHub>(new LiveHub());

/**
 * One live stream for the signed-in console: a change carrying a row's new values patches the cached
 * rows at once, and each change marks its resource's data stale, so every table, badge and chart
 * showing it refetches in place; a `refetch` marks everything stale.
 */
export function LiveProvider({ children, createSource = browserEventSource }: { children: ReactNode; createSource?: LiveSourceFactory | null }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [hub] = useState(() => new LiveHub());

  useEffect(() => {
    if (!createSource) return;
    const live = connectLive(client, createSource, {
      onStatus: (next) => {
        setStatus(next);
        hub.emit({ kind: 'status', status: next });
      },
      onChange: (event) => {
        patchRows(queryClient, event);
        void invalidateResource(queryClient, event.resource);
        hub.emit({ kind: 'change', event });
      },
      onRefetch: () => {
        void invalidateEverything(queryClient);
        hub.emit({ kind: 'refetch' });
      },
    });
    return () => live.stop();
  }, [client, queryClient, createSource, hub]);

  return (
    <LiveHubContext.Provider value={hub}>
      <LiveStatusContext.Provider value={status}>{children}</LiveStatusContext.Provider>
    </LiveHubContext.Provider>
  );
}

export function useLiveStatus(): LiveStatus {
  return useContext(LiveStatusContext);
}

export function useLiveHub(): LiveHub {
  return useContext(LiveHubContext);
}
