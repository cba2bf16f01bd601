import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@console/contracts';
import { makeQueryClient } from '../app/providers';
import { fakeFetch, makeApi, signedInState, makeUser } from '../test/fixtures';
import { useCommandMutation } from './command-mutation';
import { ApiProvider, useApiClient } from './context';

/** A cancel as a feature writes it: the hook hands the key to the client. */
function useCancelOrder() {
  const client = useApiClient();
  return useCommandMutation({ mutationFn: (id: string, send) => client.post(`/orders/order/${id}/cancel/`, undefined, send) });
}

function setup(answers: ([number, unknown] | 'network')[]) {
  const fetch = fakeFetch(() => {
    const next = answers.shift() ?? [202, { status: 'pending' }];
    if (next === 'network') throw new TypeError('Failed to fetch');
    return next;
  });
  const api = makeApi(signedInState(makeUser()), fetch);
  const queryClient = makeQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider api={api}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ApiProvider>
  );
  const { result } = renderHook(() => useCancelOrder(), { wrapper });
  const keys = () => fetch.calls.map((call) => call.headers[IDEMPOTENCY_KEY_HEADER]);
  return { result, fetch, keys };
}

describe('engine command mutations', () => {
  it('a retry of the same action sends the same Idempotency-Key: after no answer, and after a gateway’s 503', async () => {
    const { result, keys } = setup(['network', [503, 'Service Unavailable']]);
    await act(() => result.current.mutateAsync('11'));
    expect(keys()).toHaveLength(3);
    expect(keys()[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys()).size).toBe(1);
  });

  it('a refusal is final, and sending that action again by hand reuses its key', async () => {
    const { result, fetch, keys } = setup([[500, { detail: 'boom' }]]);
    await act(() => expect(result.current.mutateAsync('11')).rejects.toMatchObject({ status: 500 }));
    expect(keys()).toHaveLength(1);
    // The refusal reaches the hook's state on TanStack Query's next notify tick, not with the promise.
    await waitFor(() => expect(result.current.isError).toBe(true));
    await act(() => result.current.resend());
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);
    expect(fetch.calls[1].url).toMatch(/\/orders\/order\/11\/cancel\/$/);
  });

  it('two clicks are two actions: two keys', async () => {
    const { result, keys } = setup([]);
    await act(() => result.current.mutateAsync('11'));
    await act(() => result.current.mutateAsync('11'));
    await waitFor(() => expect(keys()).toHaveLength(2));
    expect(keys()[0]).not.toBe(keys()[1]);
    expect(keys().every((key) => /^[0-9a-f]{32}$/.test(key))).toBe(true);
  });
});
