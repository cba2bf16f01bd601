import assert from 'node:assert/strict';
import { test } from 'node:test';
import { folderCycles } from '../lint/folder-cycles.mjs';

test('a circle of top folders through their subfolders is found, with one import for each step', () => {
  const cycles = folderCycles([
    ['auth/auth.dto.ts', 'privileges/groups/groups.dto.ts'],
    ['privileges/users/users.dto.ts', 'auth/auth.dto.ts'],
  ]);
  assert.deepEqual(cycles, [
    {
      depth: 1,
      folders: ['auth', 'privileges', 'auth'],
      imports: [
        ['auth/auth.dto.ts', 'privileges/groups/groups.dto.ts'],
        ['privileges/users/users.dto.ts', 'auth/auth.dto.ts'],
      ],
    },
  ]);
});

test('a circle of sibling subfolders is found at their depth', () => {
  const cycles = folderCycles([
    ['a/b/c/x.ts', 'a/b/d/y.ts'],
    ['a/b/d/y.ts', 'a/b/e/z.ts'],
    ['a/b/e/z.ts', 'a/b/c/w.ts'],
  ]);
  assert.deepEqual(cycles.map(({ depth, folders }) => ({ depth, folders })), [{ depth: 3, folders: ['a/b/c', 'a/b/d', 'a/b/e', 'a/b/c'] }]);
});

test('no circle: a one-way chain, and a folder whose own files its subfolders use', () => {
  assert.deepEqual(
    folderCycles([
      ['auth/auth.dto.ts', 'access/perm.dto.ts'],
      ['privileges/groups/groups.dto.ts', 'access/perm.dto.ts'],
      ['privileges/users/users.dto.ts', 'auth/auth.dto.ts'],
      ['exports/export-sources.ts', 'exports/sources/a.export.ts'],
      ['exports/sources/a.export.ts', 'exports/export-source.ts'],
    ]),
    [],
  );
});
