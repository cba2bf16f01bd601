import 'reflect-metadata';
import { createApp } from './bootstrap';
import { ConfigError, loadConfig } from './common/config/config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, '0.0.0.0');
  console.log(JSON.stringify({ level: 'info', msg: `API listening on http://localhost:${config.port}` }));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
