import { useMutation, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { HttpError } from './errors';

/** One user action: what it asks for, and the key that names it on every send of it. */
export interface Keyed<V> {
  variables: V;
  idempotencyKey: string;
}

/** What a command's request passes to the client (RequestOptions.idempotencyKey). */
export interface CommandSend {
  idempotencyKey: string;
}

/** 128 random bits in hex: getRandomValues works on plain http too, where randomUUID does not exist. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A failure worth sending the same command again for: no answer at all (fetch's TypeError) or a
 * gateway's 502-504, at most twice. The key makes the resend safe: the API answers the command the
 * first send may already have written. Any other answer is final.
 */
export function retryTransient(failures: number, error: unknown): boolean {
  if (failures >= 2) return false;
  if (error instanceof HttpError) return error.status >= 502 && error.status <= 504;
  return error instanceof TypeError;
}

type Options<R, V> = Omit<UseMutationOptions<R, Error, Keyed<V>>, 'mutationFn'> & {
  mutationFn: (variables: V, send: CommandSend) => Promise<R>;
};

export type CommandMutation<R, V> = Omit<UseMutationResult<R, Error, Keyed<V>>, 'mutate' | 'mutateAsync'> & {
  /** A new user action (a click, a confirmed dialog): a new key. */
  mutate(variables: V, options?: MutateOptions<R, Error, Keyed<V>>): void;
  mutateAsync(variables: V, options?: MutateOptions<R, Error, Keyed<V>>): Promise<R>;
  /** The last action sent again under its own key: a retry of the same click, not a new one. */
  resend(options?: MutateOptions<R, Error, Keyed<V>>): Promise<R>;
};

/**
 * A mutation that asks the engine for something (a cancel, a close, a start or stop): every request it
 * sends carries an Idempotency-Key. The key is made once per user action and kept in the mutation's
 * variables, so TanStack Query's retries and `resend` send the same key again, and the API answers them
 * with the command the first send wrote instead of writing a second one.
 */
export function useCommandMutation<R, V>({ mutationFn, ...options }: Options<R, V>): CommandMutation<R, V> {
  const mutation = useMutation<R, Error, Keyed<V>>({
    retry: retryTransient,
    ...options,
    mutationFn: ({ variables, idempotencyKey }) => mutationFn(variables, { idempotencyKey }),
  });
  const keyed = (variables: V): Keyed<V> => ({ variables, idempotencyKey: newIdempotencyKey() });
  return {
    ...mutation,
    mutate: (variables, mutateOptions) => mutation.mutate(keyed(variables), mutateOptions),
    mutateAsync: (variables, mutateOptions) => mutation.mutateAsync(keyed(variables), mutateOptions),
    resend: (mutateOptions) =>
      mutation.variables ? mutation.mutateAsync(mutation.variables, mutateOptions) : Promise.reject(new Error('Nothing was sent yet.')),
  };
}
