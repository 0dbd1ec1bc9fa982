import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts';
import { ASK_PER_MINUTE, countQuestion, forgetQuestions } from './ask-rate.ts';

describe(`the assistant's limit in the database, on ${testDatabaseKind}`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  beforeEach(() => forgetQuestions(db));
  afterAll(() => db.close());

  it('lets exactly 30 of 40 questions sent at once through, per address', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => countQuestion(db, '203.0.113.7')));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(ASK_PER_MINUTE);
    for (const answer of answers.filter((answer) => !answer.ok)) {
      expect(answer.retryAfter).toBeGreaterThanOrEqual(1);
      expect(answer.retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await countQuestion(db, '203.0.113.8')).toEqual({ ok: true });
  });

  it('opens a new minute once the last one has ended', async () => {
    for (let i = 0; i <= ASK_PER_MINUTE; i++) await countQuestion(db, '198.51.100.1');
    expect((await countQuestion(db, '198.51.100.1')).ok).toBe(false);
    await db.query(`UPDATE ask_windows SET started_at = now() - interval '61 seconds'`);
    expect(await countQuestion(db, '198.51.100.1')).toEqual({ ok: true });
    const [row] = await db.query<{ questions: number }>('SELECT questions FROM ask_windows');
    expect(row!.questions).toBe(1);
  });
});
