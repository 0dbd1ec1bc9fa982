import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The words a reader sees, checked where they are written: the copy under content/ and the
// strings of src/ (comments left out, they are for us). Tests are left out too: they may hold
// the very words they forbid.

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const TEXT = /\.(md|mdx|ya?ml|json|ts|tsx|astro)$/;

// The writers' guide, in English, is not published.
const NOT_COPY = /\.test\.tsx?$|^CONTENT-GUIDE\.md$/;

function textFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => TEXT.test(path) && !NOT_COPY.test(path))
    .map((path) => join(folder, path));
}

/** A file's text without its comments (code, HTML and YAML ones). */
function withoutComments(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1')
    .replace(/^\s*#.*$/gm, (line) => (/\.ya?ml$/.test(path) ? '' : line));
}

const FILES = [...textFiles('content'), ...textFiles('src')];

/** Each line of the copy that matches, as 'path:line: text'. */
function occurrences(pattern: RegExp): string[] {
  return FILES.flatMap((path) =>
    withoutComments(path)
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('the copy', () => {
  it('reads the files it checks', () => {
    expect(FILES).toContain('content/lists/hero.yaml');
    expect(FILES).toContain('src/workspace/record-app.tsx');
  });

  it('never breaks « AGS 4 » at its space: a non-breaking one (U+00A0) holds it together', () => {
    expect(occurrences(/AGS 4/)).toEqual([]);
  });

  // Issue 16: one word for each thing, everywhere.
  it.each([
    ['« Support », not « Soutien »', /\bSoutien\b/],
    ['« courriel », not « e-mail »', /\be-mails?\b/i],
    ['« Base de données », not « Base de Données »', /Base de Données/],
  ])('says %s', (_, pattern) => {
    expect(occurrences(pattern)).toEqual([]);
  });
});
