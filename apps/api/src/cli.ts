import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createDataSource, runMigrations } from './common/database/data-source';
import { loadEncryptionKey } from './common/config/config';
import { DEMO_PASSWORD, seedDemo } from './demo/seed-demo';
import { createOrResetAdmin } from './users/admin-account';
import { UsersRepository } from './users/users.repository';

/**
 * Admin tasks: `migrate`, `create-admin --email E --password P`, `count-users` (DATABASE_URL only), and
 * `seed-demo` (also ENCRYPTION_KEY, which encrypts the demo account's secret).
 */
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is missing');
  switch (command) {
    case 'migrate': {
      const ran = await runMigrations(databaseUrl);
      console.log(ran.length ? `Ran migrations: ${ran.join(', ')}` : 'No pending migrations');
      return;
    }
    case 'create-admin': {
      const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, password: { type: 'string' } } });
      if (!values.email || !values.password) throw new Error('Usage: create-admin --email E --password P');
      const ds = createDataSource(databaseUrl);
      await ds.initialize();
      try {
        console.log(JSON.stringify(await createOrResetAdmin(ds, values.email, values.password)));
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
        console.log(
          demo.seeded
            ? `Demo data added: ${demo.logs} log rows; users ${demo.users.join(', ')} (password ${DEMO_PASSWORD})`
            : 'Demo data is already there',
        );
      } finally {
        await ds.destroy();
      }
      return;
    }
    default:
      throw new Error(`Unknown command "${command ?? ''}". Commands: migrate, create-admin --email E --password P, count-users, seed-demo`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
