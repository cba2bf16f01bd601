import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createDataSource, runMigrations } from './common/database/data-source';
import { loadEncryptionKey } from './common/config/config';
import { deskCounts, deskCountsLine } from './demo/desk-counts';
import { DEMO_PASSWORD, seedDemo } from './demo/seed-demo';
import { DEMO_TRADING_SIZES, generateTradingData, type TradingDataSizes } from './demo/trading-data';
import { candlesCommandOf, runCandlesImport } from './market-data/candles-cli';
import { createOrResetAdmin } from './privileges/users/admin-account';
import { UsersRepository } from './privileges/users/users.repository';

/**
 * Admin tasks: `migrate`, `create-admin --email E --password P`, `count-users` (DATABASE_URL only), and
 * `seed-demo` (also ENCRYPTION_KEY, which encrypts the demo account's secret),
 * `desk-counts [--json]` (signals, open positions and orders, active profiles and their pairs), and
 * `trading-data --signals N --orders-per-signal N …` (every size of TradingDataSizes in kebab case; the
 * demo sizes by default): consistent trading data on a database without trading rows, and
 * `candles import FILE… --exchange E --symbol S` (Binance kline archives or timestamp,open,… CSV files into
 * the candle store). `mcp` needs no database: the MCP server over stdio, calling the console at
 * CONSOLE_URL with CONSOLE_API_TOKEN.
 */
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'mcp') {
    // Loaded here: the other commands need neither the SDK nor the tools.
    const { serveMcpOverStdio } = await import('./mcp/mcp-stdio.js');
    return serveMcpOverStdio();
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is missing (from the repository root, pnpm admin:create and pnpm db:migrate find the database as npm start does)');
  switch (command) {
    case 'migrate': {
      const ran = await runMigrations(databaseUrl);
      console.log(ran.length ? `Ran migrations: ${ran.join(', ')}` : 'No pending migrations');
      return;
    }
    case 'create-admin': {
      // --email may repeat: one start of the process for several administrators with the same password.
      const { values } = parseArgs({ args: rest, options: { email: { type: 'string', multiple: true }, password: { type: 'string' } } });
      if (!values.email?.length || !values.password) throw new Error('Usage: create-admin --email E [--email E2 …] --password P');
      const ds = createDataSource(databaseUrl);
      await ds.initialize();
      try {
        for (const email of values.email) console.log(JSON.stringify(await createOrResetAdmin(ds, email, values.password)));
      } finally {
        await ds.destroy();
      }
      return;
    }
    case 'count-users': {
      const ds = createDataSource(databaseUrl);
      await ds.initialize();
      try {
        console.log(String(await new UsersRepository().count(ds)));
      } finally {
        await ds.destroy();
      }
      return;
    }
    case 'seed-demo': {
      const encryptionKey = loadEncryptionKey();
      const ds = createDataSource(databaseUrl);
      await ds.initialize();
      try {
        const demo = await seedDemo(ds, encryptionKey);
        const trading = demo.trading
          ? `trading configuration: ${Object.entries(demo.trading).map(([table, n]) => `${n} ${table}`).join(', ')}`
          : 'no trading configuration (the database already had one)';
        console.log(demo.seeded ? `Demo data added: ${trading}; users ${demo.users.join(', ')} (password ${DEMO_PASSWORD})` : 'Demo data is already there');
      } finally {
        await ds.destroy();
      }
      return;
    }
    case 'desk-counts': {
      const ds = createDataSource(databaseUrl);
      await ds.initialize();
      try {
        const counts = await deskCounts(ds);
        console.log(rest.includes('--json') ? JSON.stringify(counts) : deskCountsLine(counts));
      } finally {
        await ds.destroy();
      }
      return;
    }
    case 'trading-data': {
      const sizes = tradingSizesFrom(rest);
      const ds = createDataSource(databaseUrl);
      await ds.initialize();
      try {
        const { rows, phases } = await generateTradingData(ds, sizes);
        console.log(JSON.stringify({ sizes, rows, phases }, null, 2));
      } finally {
        await ds.destroy();
      }
      return;
    }
    case 'candles': {
      const candles = candlesCommandOf(rest);
      const ds = createDataSource(databaseUrl);
      await ds.initialize();
      try {
        if (!(await runCandlesImport(ds, candles, (line) => console.log(line)))) process.exitCode = 1;
      } finally {
        await ds.destroy();
      }
      return;
    }
    default:
      throw new Error(
        `Unknown command "${command ?? ''}". Commands: mcp, migrate, create-admin --email E --password P, count-users, seed-demo, desk-counts [--json], trading-data [--signals N …], candles import FILE… --exchange E --symbol S`,
      );
  }
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `--orders-per-signal 3` and the like over the demo sizes. */
function tradingSizesFrom(args: string[]): TradingDataSizes {
  const keys = Object.keys(DEMO_TRADING_SIZES) as (keyof TradingDataSizes)[];
  const { values } = parseArgs({ args, options: Object.fromEntries(keys.map((k) => [kebab(k), { type: 'string' as const }])) });
  const sizes = { ...DEMO_TRADING_SIZES };
  for (const key of keys) {
    const given = values[kebab(key)];
    if (typeof given === 'string') sizes[key] = Number(given);
  }
  return sizes;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
