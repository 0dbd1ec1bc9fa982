import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API_VERSION } from './v1.ts';

// What /developers says about the API, checked against the code that the API runs: a release,
// an event or a scope cannot be added to one without the other.

const SECTIONS = new URL('../../content/sections/developers/', import.meta.url);

/** A section of the page: its front matter and its Markdown body. */
async function section(name: string) {
  const text = await readFile(new URL(name, SECTIONS), 'utf8');
  const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
  return { front: parse(front!) as { cards?: { badge?: string; title: string; points?: string[] }[] }, body: body! };
}

describe('the developers page, against the code', () => {
  it('ends its changelog with the version that /v1/openapi.json declares', async () => {
    const { front } = await section('08-changelog.md');
    const latest = front.cards!.at(-1)!;
    expect(latest.title).toContain(`Version ${API_VERSION}`);
    // The API was first published in November 2026: no release is dated before it.
    const months = [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ];
    for (const { badge } of front.cards!) {
      const [, month, year] = /^(\p{L}+) (\d{4})$/u.exec(badge ?? '')!;
      expect(Number(year) * 12 + months.indexOf(month!.toLowerCase()), badge).toBeGreaterThanOrEqual(2026 * 12 + 10);
    }
  });
});
