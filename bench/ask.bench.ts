// Measures the assistant on the visitor question set (api/assistant/questions.ts): how often the page
// that answers is first, or in the first three; and the time to answer through the API (POST /ask,
// in-process), p50 and p95 over every question asked 20 times. Prints numbers only.
// Usage: npm run bench:ask
import { createApp } from '../api/app.ts';
import { embeddedAssistant } from '../api/assistant/assistant.ts';
import { QUESTIONS } from '../api/assistant/questions.ts';
import { forgetQuestions } from '../api/assistant/ask-rate.ts';
import { openPglite } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';

const ROUNDS = 20;
const quantile = (samples: number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
const answers = (url: string, expected: string[]) =>
  expected.some((e) => (e.includes('#') ? url === e : url.split('#')[0] === e));

const started = performance.now();
const assistant = embeddedAssistant('./content');
await assistant('forage', 1, 0.5);
console.log(`index built in ${(performance.now() - started).toFixed(0)} ms`);

const db = await openPglite();
await migrate(db); // the limit of 30 questions a minute is counted in the database
const app = createApp({ db, settings: { assistant } });
let top1 = 0;
let top3 = 0;
const times: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const { question, answers: expected } of QUESTIONS) {
    await forgetQuestions(db); // the bench measures answers, not the limit of 30 a minute
    const t = performance.now();
    const response = await app.request('/ask', {
      method: 'POST',
      headers: { origin: 'http://localhost', host: 'localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ query: question, top_k: 3, threshold: 0.5 }),
    });
    const body = (await response.json()) as { sources?: { url: string }[]; error?: string };
    if (!body.sources) throw new Error(`${response.status} ${body.error}`);
    const { sources } = body;
    times.push(performance.now() - t);
    if (round > 0) continue;
    if (sources[0] && answers(sources[0].url, expected)) top1++;
    if (sources.some((s) => answers(s.url, expected))) top3++;
  }
}
await db.close();
const share = (n: number) => `${((100 * n) / QUESTIONS.length).toFixed(1)} % (${n}/${QUESTIONS.length})`;
console.log(`top-1 ${share(top1)}, top-3 ${share(top3)}`);
console.log(
  `POST /ask: p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms (${times.length} questions)`,
);
