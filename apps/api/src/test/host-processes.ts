/**
 * The API, the worker and the engine as OS processes of their own, started from the build with only the environment
 * given (as a separate machine runs them), their JSON log lines kept for the test to read.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const DIST = join(__dirname, '..', '..', 'dist');
const ENGINE_DIST = join(__dirname, '..', '..', '..', 'engine', 'dist');
const ENTRIES = { api: join(DIST, 'main.js'), worker: join(DIST, 'worker.js'), engine: join(ENGINE_DIST, 'runtime', 'main.js') } as const;
/** How long a process may take to stop before it is killed (a worker's own deadline is 15 s). */
const STOP_DEADLINE_MS = 20_000;

export type LogLine = Record<string, unknown> & { msg?: string };

export interface HostProcess {
  name: string;
  pid: number;
  /** Every JSON line the process wrote to stdout so far, in order. */
  logs: LogLine[];
  /** The first log line that matches, waited for; fails when the process exits first or after `timeoutMs`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  stop(): Promise<void>;
}

/** A port nothing listens on right now, for a process that must be told its port before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts `node dist/main.js` (api), `node dist/worker.js` (worker) or the engine's `dist/runtime/main.js` with `env` and nothing inherited but PATH. */
export function startHost(kind: keyof typeof ENTRIES, name: string, env: Record<string, string>): HostProcess {
  if (!existsSync(ENTRIES[kind])) throw new Error(`${ENTRIES[kind]} is missing: build first (pnpm run build)`);
  const child = spawn(process.execPath, [ENTRIES[kind]], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: LogLine[] = [];
  let stderr = '';
  let pending = '';
  const waiters = new Set<() => void>();
  const wakeAll = () => waiters.forEach((wake) => wake());
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ msg: line }); // Nest's banner and other plain lines
      }
    }
    wakeAll();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(wakeAll);

  return {
    name,
    pid: child.pid ?? 0,
    logs,
    waitForLog: async (match, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = logs.find(match);
        if (found) return found;
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
        if (Date.now() > deadline) throw new Error(`${name}: no such log line within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, deadline - Date.now());
          waiters.add(wake);
        });
      }
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_DEADLINE_MS);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(killer);
    },
  };
}
