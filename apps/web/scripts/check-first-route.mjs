#!/usr/bin/env node
// Fails when the login screen (the first screen of most visits) loads more than FIRST_ROUTE_LIMIT_KB of
// gzipped JavaScript and CSS: the entry and the login page, with everything they import statically.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const FIRST_ROUTE_LIMIT_KB = 170;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const login = Object.keys(manifest).find((key) => key.endsWith('features/auth/pages/LoginPage.tsx'));
if (!entry || !login) {
  console.error('check-first-route: the entry or the login page is missing from the build manifest');
  process.exit(1);
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const next of chunk.imports ?? []) visit(next);
};
visit(entry);
visit(login);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`first route (login): ${kb.toFixed(1)} KB gzipped, limit ${FIRST_ROUTE_LIMIT_KB} KB`);
if (kb > FIRST_ROUTE_LIMIT_KB) {
  console.error(`check-first-route: the login screen loads ${kb.toFixed(1)} KB gzipped, over the ${FIRST_ROUTE_LIMIT_KB} KB limit`);
  process.exit(1);
}
