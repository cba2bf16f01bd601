/**
 * A real streaming replica of the test PostgreSQL for the read-replica tests: a second cluster on a free
 * port, copied from the primary by `pg_basebackup -R` and kept current by streaming replication. It
 * needs the primary on this machine, its binaries, and the right to run them as the `postgres` user.
 * It streams through a replication slot of its own, so the primary keeps the WAL the replica still needs
 * however much others write meanwhile; the slot is dropped with the replica, and a slot left by a test
 * process that died is dropped by the next one (its name carries the process id).
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { withAdminClient } from './services';

const run = promisify(execFile);

/** Every setting a standby must hold at least at the primary's value, else it refuses to start. */
const COPIED_SETTINGS = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction'];

const SLOT_PREFIX = 'console_test_replica_';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** How to run a PostgreSQL binary as the postgres OS user from this process, or why we cannot. */
function asPostgres(): { wrap: (bin: string, args: string[]) => [string, string[]] } | string {
  if (userInfo().username === 'postgres') return { wrap: (bin, args) => [bin, args] };
  if (process.getuid?.() === 0 && existsSync('/usr/sbin/runuser')) return { wrap: (bin, args) => ['/usr/sbin/runuser', ['-u', 'postgres', '--', bin, ...args]] };
  return 'the tests run neither as root nor as the postgres user, so they cannot run pg_basebackup and pg_ctl as postgres';
}

interface Primary {
  host: string;
  port: string;
  user: string;
  bin: string;
}

/**
 * Why no replica can be made here (a sentence for the skip message), or null. The fix for a primary
 * that refuses replication is in `.ci/run`, which sets it up before the tests.
 */
export async function replicaUnavailableReason(adminUrl: string): Promise<string | null> {
  const found = await primaryOf(adminUrl);
  if (typeof found === 'string') return found;
  const runner = asPostgres();
  if (typeof runner === 'string') return runner;
  const settings = await withAdminClient(adminUrl, (c) =>
    c.query<{ name: string; setting: string }>(`SELECT name, setting FROM pg_settings WHERE name IN ('wal_level', 'max_wal_senders')`),
  );
  const setting = (name: string) => settings.rows.find((r) => r.name === name)?.setting;
  if (setting('wal_level') === 'minimal' || Number(setting('max_wal_senders')) < 1) {
    return `the primary has wal_level=${setting('wal_level')}, max_wal_senders=${setting('max_wal_senders')}; streaming needs wal_level=replica and a free WAL sender (.ci/run sets both, then restarts PostgreSQL)`;
  }
  try {
    await run(join(found.bin, 'psql'), ['-X', '-At', '-c', 'IDENTIFY_SYSTEM', `host=${found.host} port=${found.port} user=${found.user} replication=true`]);
  } catch (error) {
    const detail = String((error as { stderr?: unknown }).stderr ?? error).trim().split('\n')[0];
    // Only a refusal by pg_hba.conf is this machine's setup; anything else (too many connections) is a failure.
    if (!/pg_hba\.conf|authentication failed/.test(detail)) throw error;
    return `the primary refuses replication connections (${detail}); add "host replication all 127.0.0.1/32 trust" to pg_hba.conf and reload (.ci/run does)`;
  }
  return null;
}

async function primaryOf(adminUrl: string): Promise<Primary | string> {
  const url = new URL(adminUrl);
  if (!LOCAL_HOSTS.has(url.hostname)) return `the test PostgreSQL (${url.hostname}) is not on this machine`;
  const version = await withAdminClient(adminUrl, (c) => c.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`));
  const major = Math.floor(Number(version.rows[0].v) / 10_000);
  const bin = `/usr/lib/postgresql/${major}/bin`;
  if (!existsSync(join(bin, 'pg_basebackup')) || !existsSync(join(bin, 'pg_ctl'))) return `no PostgreSQL ${major} binaries in ${bin}`;
  return { host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname, port: url.port || '5432', user: decodeURIComponent(url.username) || 'postgres', bin };
}

export interface StreamingReplica {
  /** The replica's URL of one of the primary's databases. */
  url(database: string): string;
  /** Runs one statement on the replica. */
  query<T>(database: string, sql: string): Promise<T[]>;
  /** Stops replaying WAL (it still arrives): from now on the replica lags behind the primary. */
  pauseReplay(database: string): Promise<void>;
  resumeReplay(database: string): Promise<void>;
  /** Resolves once the replica has received (not necessarily replayed) everything the primary had written when it was called. */
  received(primaryUrl: string, database: string): Promise<void>;
  /** Resolves once the replica has replayed everything the primary had written when it was called. */
  caughtUp(primaryUrl: string, database: string): Promise<void>;
  /** Stops the server (its data stays), and starts it again. */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  /** Stops it and deletes its data. */
  destroy(): Promise<void>;
}

export async function startStreamingReplica(adminUrl: string): Promise<StreamingReplica> {
  const primary = await primaryOf(adminUrl);
  const runner = asPostgres();
  if (typeof primary === 'string' || typeof runner === 'string') throw new Error(`no replica here: ${String(primary)} ${String(runner)}`);
  const pg = (tool: string, args: string[]) => {
    const [cmd, argv] = runner.wrap(join(primary.bin, tool), args);
    return run(cmd, argv, { maxBuffer: 16 * 1024 * 1024 });
  };
  const { uid, gid } = await postgresIds();
  const home = mkdtempSync(join(tmpdir(), 'console-replica-'));
  const data = join(home, 'data');
  const port = await freePort();
  const ctl = (...args: string[]) => pg('pg_ctl', ['-D', data, ...args]);
  const slot = `${SLOT_PREFIX}${process.pid}_${port}`;
  let started = false;
  const destroy = async () => {
    if (started) await ctl('-m', 'immediate', 'stop').catch(() => undefined);
    started = false;
    // The primary's WAL sender lets go of the slot a moment after the replica stops.
    await withAdminClient(adminUrl, async (c) => {
      const held = async () => (await c.query(`SELECT active FROM pg_replication_slots WHERE slot_name = $1`, [slot])).rows[0]?.active === true;
      await until(async () => !(await held()));
      await c.query(`SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1`, [slot]);
    });
    rmSync(home, { recursive: true, force: true });
  };
  try {
    await dropOrphanSlots(adminUrl);
    await run('chown', [`${uid}:${gid}`, home]);
    const copied = await withAdminClient(adminUrl, (c) =>
      c.query<{ name: string; setting: string }>(`SELECT name, setting FROM pg_settings WHERE name = ANY($1)`, [COPIED_SETTINGS]),
    );
    // The slot holds WAL from now on. Made here rather than by pg_basebackup -C, which makes it only after
    // the copy's checkpoint: with another database writing fast, the first segments were gone by then.
    await withAdminClient(adminUrl, (c) => c.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]));
    // -R writes standby.signal, primary_conninfo and the slot's name; -X stream brings the WAL written during
    // the copy; a fast checkpoint starts the copy at once. The whole cluster is copied (a base backup has no filter).
    await pg('pg_basebackup', ['-h', primary.host, '-p', primary.port, '-U', primary.user, '-D', data, '-R', '-S', slot, '-X', 'stream', '-c', 'fast', '--no-sync']);
    // Debian keeps the primary's configuration outside its data directory: the copy gets its own.
    const conf = [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${home}'`,
      'hot_standby = on',
      'shared_buffers = 16MB',
      'fsync = off',
      ...copied.rows.map((r) => `${r.name} = ${r.setting}`),
    ];
    writeAs(join(data, 'postgresql.conf'), `${conf.join('\n')}\n`, uid, gid);
    writeAs(join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n', uid, gid);
    writeAs(join(data, 'pg_ident.conf'), '', uid, gid);
    const start = () => ctl('-l', join(home, 'server.log'), '-w', '-t', '120', 'start').then(() => void (started = true));
    await start();
    const replicaUrl = (database: string) => {
      const url = new URL(adminUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    };
    const onReplica = async <T>(database: string, body: (c: Client) => Promise<T>) => {
      const client = new Client({ connectionString: replicaUrl(database) });
      await client.connect();
      try {
        return await body(client);
      } finally {
        await client.end();
      }
    };
    return {
      url: replicaUrl,
      query: <T>(database: string, sql: string) => onReplica(database, async (c) => (await c.query(sql)).rows as T[]),
      pauseReplay: (database) =>
        onReplica(database, async (c) => {
          await c.query('SELECT pg_wal_replay_pause()');
          await until(async () => (await c.query<{ s: string }>('SELECT pg_get_wal_replay_pause_state() AS s')).rows[0].s === 'paused');
        }),
      resumeReplay: (database) => onReplica(database, (c) => c.query('SELECT pg_wal_replay_resume()').then(() => undefined)),
      received: async (primaryUrl, database) => {
        const target = await withAdminClient(primaryUrl, (c) => c.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'));
        await onReplica(database, (c) =>
          until(async () => (await c.query<{ done: boolean }>('SELECT pg_last_wal_receive_lsn() >= $1::pg_lsn AS done', [target.rows[0].lsn])).rows[0].done),
        );
      },
      caughtUp: async (primaryUrl, database) => {
        const target = await withAdminClient(primaryUrl, (c) => c.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'));
        await onReplica(database, (c) =>
          until(async () => (await c.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [target.rows[0].lsn])).rows[0].done),
        );
      },
      stopServer: async () => {
        await ctl('-m', 'fast', 'stop');
        started = false;
      },
      startServer: start,
      destroy,
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}

/** Slots of replica tests whose process is gone (killed before its teardown). */
async function dropOrphanSlots(adminUrl: string): Promise<void> {
  await withAdminClient(adminUrl, async (c) => {
    const slots = await c.query<{ slot_name: string }>(`SELECT slot_name FROM pg_replication_slots WHERE slot_name LIKE $1 AND NOT active`, [`${SLOT_PREFIX}%`]);
    for (const { slot_name: name } of slots.rows) {
      const pid = Number(name.slice(SLOT_PREFIX.length).split('_')[0]);
      if (!processAlive(pid)) await c.query(`SELECT pg_drop_replication_slot($1)`, [name]);
    }
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * Polls a condition on the replica until it holds (replay has no event to wait on). Generous: the replica
 * replays everything written to the primary's cluster, other databases' bulk loads included.
 */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the replica did not get there within five minutes');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** A file of the copy, owned by postgres, who must read it (written by root when the tests run as root). */
function writeAs(path: string, text: string, uid: number, gid: number): void {
  writeFileSync(path, text, { mode: 0o600 });
  if (process.getuid?.() === 0) chownSync(path, uid, gid);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
