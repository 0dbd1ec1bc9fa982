import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API_SCOPES } from '../../src/domain/api-tokens.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../../src/domain/webhooks.ts';
import { API_VERSION } from './v1.ts';

// What /developers says about the API, checked against the code that the API runs: a release,
// an event or a scope cannot be added to one without the other.

const SECTIONS = new URL('../../content/sections/developers/', import.meta.url);

/** Every section of the page, front matter and body, as one text. */
const wholePage = async () => {
  const names = (await readdir(SECTIONS)).filter((name) => name.endsWith('.md')).sort();
  return (await Promise.all(names.map((name) => readFile(new URL(name, SECTIONS), 'utf8')))).join('\n');
};

/** The first column of a Markdown table whose cells are code: `borehole.created`, `read:exports`… */
const codeColumn = (markdown: string, header: string) => {
  const table = markdown.slice(markdown.indexOf(`| ${header}`)).split('\n\n')[0]!;
  return [...table.matchAll(/^\|\s*`([^`]+)`/gm)].map(([, name]) => name!);
};

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

  it('lists in its webhooks table exactly the events a subscription may choose, and the test ping', async () => {
    const { body } = await section('03-webhooks.md');
    expect(codeColumn(body, 'Événement')).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]);
  });

  it('names no event, anywhere on the page, that the server does not send', async () => {
    const known = new Set<string>([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]);
    // An event is a noun and a past participle: `borehole.created`, `ocr.failed`.
    const named = (await wholePage()).match(/\b[a-z]+\.(?:[a-z]+ed|ready|test)\b/g) ?? [];
    expect(named.length).toBeGreaterThan(WEBHOOK_EVENT_TYPES.length);
    expect([...new Set(named)].filter((name) => !known.has(name))).toEqual([]);
  });

  it('documents exactly the scopes a token may have', async () => {
    const { body } = await section('05-auth.md');
    expect(codeColumn(body, 'Portée')).toEqual([...API_SCOPES]);
  });
});
