import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiProvider, type ApiContextValue } from '../api/context';
import { SessionGate } from '../session/SessionGate';
import { ToastProvider } from '../ui/toast/ToastProvider';
import { ColorModeProvider } from './theme';

export function makeQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

export function AppProviders({ api, children }: { api: ApiContextValue; children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <ApiProvider api={api}>
      <QueryClientProvider client={queryClient}>
        <ColorModeProvider>
          <ToastProvider>
            <SessionGate>{children}</SessionGate>
          </ToastProvider>
        </ColorModeProvider>
      </QueryClientProvider>
    </ApiProvider>
  );
}
