import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');
/**
 * The logs repository holds the one INSERT and only the audit service, which masks secrets, uses it;
 * the trading data generator is no user and writes its sample rows (no secrets) in bulk. (The demo's
 * trading logs are the paper engine's, written outside the API.)
 */
const ALLOWED_WRITERS = ['logs/logs.repository.ts', 'demo/trading-data.ts'];
const LOGS_REPOSITORY_USERS = ['logs/audit.service.ts'];
const LOG_INSERT = /insert\s+into\s+(?:\w+\.)?"?logs"?[\s(]/i;

/** The API's source files, tests and their helpers left out (they write fixture rows). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' && dir === SRC ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [relative(SRC, path)] : [];
  });
}

describe('log rows', () => {
  it('are written only by the audit service (and the data generator), so every row passes its secret masking', () => {
    const files = sourceFiles(SRC);
    expect(files).toContain('logs/audit.service.ts');
    const writers = files.filter((file) => LOG_INSERT.test(readFileSync(join(SRC, file), 'utf8')));
    expect(writers.sort()).toEqual([...ALLOWED_WRITERS].sort());
    const repositoryUsers = files.filter((file) => /from '\.{1,2}\/(logs\/)?logs\.repository'/.test(readFileSync(join(SRC, file), 'utf8')));
    expect(repositoryUsers).toEqual(LOGS_REPOSITORY_USERS);
  });
});
