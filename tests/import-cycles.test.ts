import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No module of the product imports itself back through others: a cycle makes the order of
// start-up matter and ties together what should stay apart (13 API files once imported types
// back from app.ts). Type-only imports count too: they couple the modules the same way.

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const FOLDERS = ['api', 'src', 'scripts', 'bench', 'tests'];
const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/g;

function sources(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((path) => SOURCE.test(path) && !path.includes('node_modules'))
      .map((path) => join(ROOT, folder, path)),
  );
}

/** Each file's relative imports, resolved to files. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(IMPORT)]
        .map((match) => resolve(dirname(file), match[1]!))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

/** The cycles of a graph (each once, as a path of files), by depth-first search. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('the module graph', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('has no import cycle in api/, src/, scripts/, bench/ or tests/', () => {
    const graph = importGraph(sources());
    expect(graph.size).toBeGreaterThan(200);
    const found = cycles(graph).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(' → '));
    expect(found).toEqual([]);
  });
});
