import type { Logger } from '@nestjs/common';

/**
 * Hands a job to Redis after its change has committed, waiting at most `timeoutMs`. When Redis is away
 * the request answers at once instead of hanging until Redis returns; the command itself goes on in the
 * background (the client sends it on reconnect), and the row in PostgreSQL lets the worker's sweeper or
 * schedule check finish the work either way. Answers whether Redis took it in time.
 */
export async function handOffAfterCommit(work: Promise<unknown>, timeoutMs: number, logger: Logger, what: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
  const done = work.then(
    () => 'done' as const,
    (error: Error) => {
      logger.warn(`${what}: Redis refused (${error.message}); the worker will pick it up from the database`);
      return 'failed' as const;
    },
  );
  const outcome = await Promise.race([done, late]);
  clearTimeout(timer);
  if (outcome === 'late') logger.warn(`${what}: Redis did not answer within ${timeoutMs} ms; the worker will pick it up from the database`);
  return outcome === 'done';
}
