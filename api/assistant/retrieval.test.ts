import { describe, expect, it } from 'vitest';
import { readCorpus } from './corpus.ts';
import { terms } from './french-text.ts';
import { QUESTIONS } from './questions.ts';
import { answerFrom, buildIndex, NO_ANSWER } from './retrieval.ts';

const corpus = await readCorpus(new URL('../../content', import.meta.url).pathname);
const index = buildIndex(corpus);
const answers = (url: string, expected: string[]) =>
  expected.some((e) => (e.includes('#') ? url === e : url.split('#')[0] === e));

describe('French terms', () => {
  it('meet across accents, plurals, elisions and the trade’s synonyms', () => {
    expect(terms('Hébergées')).toEqual(terms('hebergement'));
    expect(terms('les forages')).toEqual(terms('un sondage'));
    expect(terms('le journal de forage')).toEqual(terms('logs de puits'));
    expect(terms('l’équipe')).toEqual(terms('équipes'));
    expect(terms('Combien coûte le service ?')).toEqual(terms('tarif du service'));
  });
});

describe('the corpus', () => {
  it('holds every page, section, card and FAQ entry, each with its address', () => {
    expect(corpus.length).toBeGreaterThan(250);
    expect(corpus.every((p) => /^\/[\w/-]*(#[a-z][\w-]*)?$/.test(p.url) && p.text.length > 0)).toBe(true);
    const urls = new Set(corpus.map((p) => p.url));
    for (const url of ['/', '/pricing#license', '/legal#cookies', '/developers#auth', '/programs/education#faq']) {
      expect(urls).toContain(url);
    }
    expect(corpus.some((p) => p.text.includes('---'))).toBe(false);
  });
});

describe('retrieval on the question set', () => {
  const results = QUESTIONS.map(({ question, answers: expected }) => {
    const hits = index.search(question, 3, 0.5);
    return {
      question,
      top1: !!hits[0] && answers(hits[0].passage.url, expected),
      top3: hits.some((h) => answers(h.passage.url, expected)),
    };
  });

  it('has at least 40 questions', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
  });

  it('finds the page that answers in its top 3 for at least 90 % of them', () => {
    const found = results.filter((r) => r.top3).length / results.length;
    expect(
      found,
      results
        .filter((r) => !r.top3)
        .map((r) => r.question)
        .join(' / '),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('honours top_k and the threshold', () => {
    expect(index.search('forage', 5, 0).length).toBe(5);
    const hits = index.search('Quels formats d’export proposez-vous ?', 3, 0.5);
    expect(hits.length).toBeLessThanOrEqual(3);
    expect(hits.every((h) => h.score >= 0.5 && h.score <= 1)).toBe(true);
    expect(index.search('Quels formats d’export proposez-vous ?', 3, 1.01)).toEqual([]);
  });
});

describe('answers', () => {
  it('quote the best passage in whole sentences, without repeating its source', () => {
    const hits = index.search('Quel est votre RPO ?', 3, 0.5);
    const answer = answerFrom('Quel est votre RPO ?', hits);
    expect(answer).toContain('RPO');
    expect(hits[0]!.passage.text).toContain(answer.slice(0, 60));
    for (const { question } of QUESTIONS) {
      const text = answerFrom(question, index.search(question, 3, 0.5));
      expect(text, question).not.toMatch(/Source ?:/);
      expect(text.length, question).toBeLessThanOrEqual(500);
      // Whole sentences: a capital (or a quote) first, a full stop (or ?, !, ») last, nothing cut.
      expect(text, question).toMatch(/^[A-ZÀ-Ý«0-9]/u);
      expect(text, question).toMatch(/[.!?»)]$/u);
      expect(text, question).not.toMatch(/…$/u);
    }
  });

  it('answer what people asked and got wrong before', () => {
    const ask = (question: string) => {
      const hits = index.search(question, 3, 0.5);
      return { text: answerFrom(question, hits), url: hits[0]?.passage.url };
    };
    const price = ask('Combien ça coûte pour une petite firme de génie ?');
    expect(price.url).toBe('/pricing#plans');
    expect(price.text).toMatch(/prix|offre|proposition/);
    const ags = ask('Puis-je exporter mes forages en AGS ?');
    expect(ags.text).toMatch(/^Oui\b/);
    expect(ags.text).toContain('AGS');
    const own = ask('Est-ce que je peux importer mes propres forages ?');
    expect(own.text).toMatch(/^Oui\b/);
    expect(own.text).toMatch(/Importer/);
    expect(own.text).toMatch(/AGS 4|Excel|CSV/);
  });

  it('say so, and point to /support, when nothing covers the question', () => {
    expect(index.search('recette de la tarte au sucre', 3, 0.5)).toEqual([]);
    expect(answerFrom('recette de la tarte au sucre', [])).toBe(NO_ANSWER);
    expect(NO_ANSWER).toContain('/support');
  });
});
