#!/usr/bin/env node
/**
 * Folder cycles at any depth, which dependency-cruiser's `scope: 'folder'` rules miss: they compare the
 * folders modules sit in, so `auth/` importing `privileges/groups/` while `privileges/users/` imports
 * `auth/` is no cycle of leaf folders, yet `auth/` and `privileges/` import each other. Here every
 * module counts as the folder that holds it at depth 1, 2, … below a source root, and a circle of sibling
 * folders fails `pnpm run lint`. Only siblings (same parent) are compared: a circle across parents is
 * already a circle of the parents one level up, and a folder's own files hold what its subfolders share
 * (an interface they implement, a registry that lists them), so those two may use each other.
 *
 * Reads .dependency-cruiser.cjs for its options (what is excluded: specs, the API's test harness).
 */
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/**
 * The engine (apps/engine/src) is not checked yet: its execution/ and fills/ import each other (the paper
 * venue uses the fill rules, the fill rules read the execution's order types).
 */
export const ROOTS = ['apps/api/src', 'apps/web/src', 'packages/contracts/src', 'packages/schema/src'];

/** The folder (relative to its root, '' for the root itself) that holds `file` at `depth`. */
export function folderAt(file, depth) {
  const dirs = file.split('/').slice(0, -1);
  return dirs.slice(0, depth).join('/');
}

const parentOf = (folder) => folder.split('/').slice(0, -1).join('/');
const depth = (folder) => (folder === '' ? 0 : folder.split('/').length);

/**
 * The folder cycles of one root. `edges`: [from, to] module paths relative to the root. Answers, per
 * cycle, its depth, its folders in order (the first repeated at the end) and one import for each step.
 */
export function folderCycles(edges) {
  const maxDepth = Math.max(0, ...edges.flat().map((file) => file.split('/').length - 1));
  const cycles = [];
  for (let level = 1; level <= maxDepth; level++) {
    /** folder → folder → the first import seen between them */
    const graph = new Map();
    for (const [from, to] of edges) {
      const a = folderAt(from, level);
      const b = folderAt(to, level);
      // Sibling folders only: a file above this depth is its folder's own (what the subfolders share).
      if (a === b || depth(a) < level || depth(b) < level || parentOf(a) !== parentOf(b)) continue;
      if (!graph.has(a)) graph.set(a, new Map());
      if (!graph.get(a).has(b)) graph.get(a).set(b, [from, to]);
    }
    for (const component of stronglyConnected(graph)) {
      const path = cycleThrough(graph, component);
      cycles.push({ depth: level, folders: path, imports: path.slice(0, -1).map((folder, i) => graph.get(folder).get(path[i + 1])) });
    }
  }
  return cycles;
}

/** Tarjan's strongly connected components with more than one folder. */
function stronglyConnected(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** A shortest circle from the component's first folder back to itself, inside the component. */
function cycleThrough(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

const show = (root, folder) => `${root}/${folder ? `${folder}/` : ''}`;

async function main() {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const { output } = await cruise(ROOTS, { ...options, ruleSet: undefined, validate: false }, undefined, {
    tsConfig: extractTSConfig('apps/api/tsconfig.json'),
  });
  const result = typeof output === 'string' ? JSON.parse(output) : output;
  let failed = 0;
  for (const root of ROOTS) {
    const prefix = `${root}/`;
    const edges = result.modules
      .filter((module) => module.source.startsWith(prefix))
      .flatMap((module) =>
        module.dependencies
          .filter((dependency) => dependency.resolved.startsWith(prefix))
          .map((dependency) => [module.source.slice(prefix.length), dependency.resolved.slice(prefix.length)]),
      );
    for (const cycle of folderCycles(edges)) {
      failed++;
      console.error(`error no-folder-cycles: ${cycle.folders.map((folder) => show(root, folder)).join(' → ')}`);
      for (const [from, to] of cycle.imports) console.error(`    ${prefix}${from} imports ${prefix}${to}`);
    }
  }
  if (failed > 0) {
    console.error(
      `\n✘ ${failed} folder cycle(s): folders import each other in a circle. Move what both need to a folder both may import, or pass it through an interface (docs/layout.md).`,
    );
    process.exit(1);
  }
  console.log('✔ no folder cycles at any depth');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
