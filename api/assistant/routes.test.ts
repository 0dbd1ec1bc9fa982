import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { forgetQuestions } from './ask-rate.ts';
import { NO_ANSWER } from './retrieval.ts';
import type { Database } from '../db/database.ts';
import { createTestApp, SAME_ORIGIN as SITE } from '../../tests/support/test-app.ts';

const SAME_ORIGIN = { ...SITE, 'content-type': 'application/json' };

interface Answer {
  answer?: string;
  sources?: { title: string; url: string; score: number }[];
  error?: string;
}

describe('POST /ask', () => {
  let db: Database;
  let upstream: Server;
  let upstreamUrl = '';
  let app: ReturnType<typeof createApp>;
  const ask = async (body: unknown, target = app, headers: Record<string, string> = {}) => {
    const response = await target.request('/ask', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer, headers: response.headers };
  };

  beforeAll(async () => {
    ({ db, app } = await createTestApp({ seed: false }));
    // A loopback service standing in for an outside assistant: its answers depend on the question.
    upstream = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const { query } = JSON.parse(text) as { query: string };
        if (query === 'lent') return void setTimeout(() => res.end('{}'), 2000);
        if (query === 'panne')
          return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"x"}');
        if (query === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>oups</p>');
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ response: `écho : ${query}`, extra: 1 }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/ask`;
  });
  beforeEach(() => forgetQuestions(db));
  afterAll(async () => {
    await db.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('answers from our pages, with sources, honouring top_k and the threshold', async () => {
    const { status, body } = await ask({ query: '  Où sont hébergées les données ?  ', top_k: 2, threshold: 0.5 });
    expect(status).toBe(200);
    // The answer names Canada; its sources are listed beside it, not repeated in it.
    expect(body.answer).toMatch(/Canada/);
    expect(body.answer).not.toMatch(/Source ?:/);
    expect(body.sources!.length).toBeGreaterThan(0);
    expect(body.sources!.length).toBeLessThanOrEqual(2);
    for (const source of body.sources!) {
      expect(source.url).toMatch(/^\/[\w/-]*(#[\w-]+)?$/);
      expect(source.score).toBeGreaterThanOrEqual(0.5);
    }
    const defaults = await ask({ query: 'Quels formats d’export proposez-vous ?' });
    expect(defaults.body.sources!.length).toBeLessThanOrEqual(3);
  });

  it('says it has no answer, and points to /support, when nothing covers the question', async () => {
    const { status, body } = await ask({ query: 'Quelle est la recette de la tarte au sucre ?' });
    expect(status).toBe(200);
    expect(body).toEqual({ answer: NO_ANSWER, sources: [] });
  });

  it.each([
    [{ query: '   ' }, 'Écrivez une question.'],
    [{}, 'Écrivez une question.'],
    [{ query: 'x'.repeat(501) }, 'Une question tient en 500 caractères au plus.'],
    [{ query: 'forage', top_k: 0 }, 'top_k est un nombre entier de 1 à 10.'],
    [{ query: 'forage', top_k: '3' }, 'top_k est un nombre entier de 1 à 10.'],
    [{ query: 'forage', threshold: 2 }, 'threshold est un nombre de 0 à 1.'],
    [['forage'], 'Le corps de la requête doit être un objet JSON.'],
    ['{pas du json', 'Requête mal formée : JSON invalide.'],
  ])('refuses %j with a French 400', async (body, message) => {
    const answer = await ask(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBeTruthy();
    if (message) expect(answer.body.error).toBe(message);
  });

  it('accepts 500 characters exactly', async () => {
    expect((await ask({ query: `forage ${'a'.repeat(493)}` })).status).toBe(200);
  });

  it('refuses other origins (no open CORS)', async () => {
    const answer = await ask({ query: 'forage' }, app, { origin: 'https://ailleurs.example' });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('limits each address to 30 questions a minute', async () => {
    for (let i = 0; i < 30; i++) expect((await ask({ query: 'forage' })).status).toBe(200);
    const refused = await ask({ query: 'forage' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Trop de questions à la fois : réessayez dans \d+ s\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('passes an outside service’s answer on unchanged, and its failures as clear JSON errors', async () => {
    const proxied = createApp({ db, settings: { askUpstreamUrl: upstreamUrl, askUpstreamTimeoutMs: 300 } });
    const ok = await ask({ query: '  Bonjour  ' }, proxied);
    expect(ok).toMatchObject({ status: 200, body: { response: 'écho : Bonjour', extra: 1 } });
    expect(await ask({ query: 'lent' }, proxied)).toMatchObject({
      status: 504,
      body: { error: 'Le service de réponses ne répond pas : réessayez dans un instant.' },
    });
    expect(await ask({ query: 'panne' }, proxied)).toMatchObject({
      status: 502,
      body: { error: 'Le service de réponses a refusé la question (500).' },
    });
    expect(await ask({ query: 'html' }, proxied)).toMatchObject({
      status: 502,
      body: { error: 'Le service de réponses a renvoyé une réponse illisible.' },
    });
    const closed = createApp({ db, settings: { askUpstreamUrl: 'http://127.0.0.1:9/ask', askUpstreamTimeoutMs: 300 } });
    expect(await ask({ query: 'forage' }, closed)).toMatchObject({
      status: 502,
      body: { error: 'Le service de réponses est injoignable.' },
    });
    // The input rules hold before anything goes out.
    expect((await ask({ query: '' }, proxied)).status).toBe(400);
  });
});
