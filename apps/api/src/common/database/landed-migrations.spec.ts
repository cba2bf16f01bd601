import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MIGRATIONS_DIR = join(__dirname, '../../../../../migrations');
const LANDED_LIST = 'landed.sha256';

/** `sha256sum` lines: "<hex>  <file name>". */
function landedHashes(): Map<string, string> {
  const lines = readFileSync(join(MIGRATIONS_DIR, LANDED_LIST), 'utf8').split('\n').filter((line) => line.trim());
  return new Map(
    lines.map((line) => {
      const match = /^([0-9a-f]{64}) [ *](\S+)$/.exec(line);
      if (!match) throw new Error(`migrations/${LANDED_LIST}: a line is not "<sha256>  <file>": ${line}`);
      return [match[2], match[1]];
    }),
  );
}

const migrationFiles = () => readdirSync(MIGRATIONS_DIR).filter((name) => /^\d{13}-\w+\.ts$/.test(name)).sort();
const sha256 = (file: string) => createHash('sha256').update(readFileSync(join(MIGRATIONS_DIR, file))).digest('hex');

describe('landed migrations', () => {
  it('keep the content they landed with: a fix is a new migration with a later timestamp', () => {
    const changed = [...landedHashes()]
      .filter(([file, hash]) => sha256(file) !== hash)
      .map(([file]) => `${file} changed after it landed. A landed migration never changes: restore it and write the change as a new migration.`);
    expect(changed).toEqual([]);
  });

  it('are all listed, new ones appended at the end in timestamp order', () => {
    const listed = [...landedHashes().keys()];
    const unlisted = migrationFiles()
      .filter((file) => !listed.includes(file))
      .map((file) => `${file} is not in migrations/${LANDED_LIST}: append its line (\`sha256sum ${file} >> ${LANDED_LIST}\` in migrations/).`);
    expect(unlisted).toEqual([]);
    expect(listed, `migrations/${LANDED_LIST} lists migrations out of timestamp order`).toEqual([...listed].sort());
  });
});
