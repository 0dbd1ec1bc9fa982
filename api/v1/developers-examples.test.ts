import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/support/test-database.ts';
import { createToken } from '../tokens/repo.ts';
import type { Database } from '../db/database.ts';
import { createServerApp } from '../server.ts';
import { freePort } from '../free-port.ts';

// Every request the developers page shows is sent to the real server, on a real port, as the page
// writes it (path, query, headers, body); the answer must be the one the page prints, value for
// value from the demo data — or, for what the server makes up (an export's id and time), its shape.

const PAGE = new URL('../../content/sections/developers/02-api.md', import.meta.url);
const OVERVIEW = new URL('../../content/sections/developers/01-overview.md', import.meta.url);
/** The site's canonical origin (astro.config.mjs `site`): the API answers there, under /v1. */
const DOCUMENTED_ORIGIN = /\bsite: '([^']+)'/.exec(
  await readFile(new URL('../../astro.config.mjs', import.meta.url), 'utf8'),
)![1]!;

interface Example {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  expected: unknown;
}

/** The curl commands of the page, each with the JSON block that follows it. */
function examplesOf(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, text]) => ({ lang, text: text! }));
  const examples: Example[] = [];
  blocks.forEach((block, index) => {
    if (block.lang !== 'bash' || !block.text.includes('curl')) return;
    const answer = blocks[index + 1];
    if (answer?.lang !== 'json') throw new Error(`No JSON answer after: ${block.text}`);
    const command = block.text.replace(/\\\n\s*/g, ' ');
    const headers = Object.fromEntries(
      [...command.matchAll(/-H "([^:]+): ([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!]),
    );
    examples.push({
      method: /-X (\w+)/.exec(command)?.[1] ?? 'GET',
      url: /curl (?:-X \w+ )?"([^"]+)"/.exec(command)![1]!,
      headers,
      body: /-d '([^']*)'/.exec(command)?.[1],
      expected: JSON.parse(answer.text),
    });
  });
  return examples;
}

describe('the examples of /developers, against the real server', () => {
  let db: Database;
  let siteDir: string;
  let server: ServerType;
  let origin: string;
  let token: string;
  let examples: Example[];

  beforeAll(async () => {
    db = await openTestDatabase({ demo: true });
    siteDir = await mkdtemp(join(tmpdir(), 'gs-site-'));
    await writeFile(join(siteDir, '404.html'), '<h1>Accueil</h1>');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const app = await createServerApp({ db, siteDir, settings: { publicOrigin: origin } });
    server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
    const [owner] = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@geosonde.ca'`);
    ({ token } = await createToken(db, owner!.id, {
      name: 'Exemples',
      scopes: ['read:boreholes', 'read:exports', 'write:exports'],
      days: 1,
      allowedIps: ['127.0.0.1', '::1'],
    }));
    examples = examplesOf(await readFile(PAGE, 'utf8'));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.close();
    await rm(siteDir, { recursive: true, force: true });
  });

  const send = (example: Example) =>
    fetch(example.url.replace(DOCUMENTED_ORIGIN, origin), {
      method: example.method,
      headers: { ...example.headers, authorization: `Bearer ${token}` },
      ...(example.body === undefined ? {} : { body: example.body }),
    });

  it('sends every example to /v1 on the site’s own origin, the one the overview names', async () => {
    expect(DOCUMENTED_ORIGIN).toBe('https://geosonde.ca');
    expect(examples.every((example) => example.url.startsWith(`${DOCUMENTED_ORIGIN}/v1/`))).toBe(true);
    expect(await readFile(OVERVIEW, 'utf8')).toContain(`\`${DOCUMENTED_ORIGIN}/v1\``);
    expect(await readFile(PAGE, 'utf8')).toContain(`\`${DOCUMENTED_ORIGIN}/v1/ogc\``);
  });

  it('finds the three documented calls on the page', () => {
    expect(examples.map((example) => `${example.method} ${new URL(example.url).pathname}`)).toEqual([
      'GET /v1/boreholes',
      'GET /v1/boreholes/SJ-BH-03',
      'POST /v1/exports/geopackage',
    ]);
  });

  it('answers each search and record exactly as the page shows', async () => {
    for (const example of examples.filter((e) => e.method === 'GET')) {
      const response = await send(example);
      expect(response.status, example.url).toBe(200);
      expect(await response.json(), example.url).toEqual(example.expected);
    }
  });

  it('accepts the documented export with 202 and the documented shape', async () => {
    const example = examples.find((e) => e.method === 'POST')!;
    const response = await send(example);
    expect(response.status).toBe(202);
    const body = (await response.json()) as Record<string, unknown>;
    const expected = example.expected as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(Object.keys(expected).sort());
    expect(body).toMatchObject({ status: expected.status, format: expected.format, filter: expected.filter });
    expect(body.id).toMatch(/^exp_[0-9A-Z]{16}$/);
    expect(expected.id).toMatch(/^exp_[0-9A-Z]{16}$/);
    expect(new Date(body.created_at as string).toISOString()).toBe(body.created_at);
  });

  it('links the OpenAPI document the page points to', async () => {
    const markdown = await readFile(PAGE, 'utf8');
    expect(markdown).toContain('(/v1/openapi.json)');
    const response = await fetch(`${origin}/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { servers: { url: string }[]; paths: Record<string, unknown> };
    expect(document.servers[0]!.url).toBe(`${origin}/v1`);
    for (const example of examples) {
      const path = new URL(example.url).pathname.replace(/^\/v1/, '').replace('SJ-BH-03', '{id}');
      expect(Object.keys(document.paths)).toContain(path);
    }
  });
});
