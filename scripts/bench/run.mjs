// `pnpm bench`: every benchmark in this folder, one after the other.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runOnProjectNode } from '../lib/toolchain.mjs';

await runOnProjectNode();

for (const script of ['http.mjs', 'logs.mjs']) {
  const { status } = spawnSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], { stdio: 'inherit', env: process.env });
  if (status !== 0) process.exit(status ?? 1);
}
