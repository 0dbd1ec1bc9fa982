import type { Passage } from './corpus.ts';
import { terms } from './french-text.ts';

/** A passage found for a question, with its score from 0 to 1. */
export interface Hit {
  passage: Passage;
  score: number;
}

const K1 = 1.2;
const B = 0.5;
/** A passage's heading counts this many times: a question often echoes a title. */
const HEADING_WEIGHT = 3;

/**
 * BM25 over the passages' terms (french-text.ts). A score is brought to 0–1 by dividing by what a
 * passage of average length holding each term of the question once would get, so that the
 * threshold means « how much of the question this passage covers ». Terms of the question that
 * appear nowhere count against it, at half weight.
 */
export function buildIndex(passages: readonly Passage[]) {
  const docs = passages.map((passage) => {
    const counts = new Map<string, number>();
    const words = [...Array<string[]>(HEADING_WEIGHT).fill(terms(passage.heading)).flat(), ...terms(passage.text)];
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    return { passage, counts, length: words.length, heading: new Set(terms(passage.heading)) };
  });
  const averageLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length);
  const frequency = new Map<string, number>();
  for (const doc of docs) for (const word of doc.counts.keys()) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const idf = (word: string) => {
    const n = frequency.get(word) ?? 0;
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
  };

  /** The passages that cover at least `threshold` of the question, best first, at most `topK`. */
  function search(query: string, topK: number, threshold: number): Hit[] {
    const wanted = [...new Set(terms(query))];
    const reference = wanted.reduce((sum, word) => sum + idf(word) * (frequency.has(word) ? 1 : 0.5), 0);
    if (reference === 0) return [];
    const hits: Hit[] = [];
    for (const doc of docs) {
      // A heading made of the question's words names the passage: up to half the reference more.
      const named = wanted.filter((word) => doc.heading.has(word)).length;
      let score = doc.heading.size ? (0.5 * reference * named) / doc.heading.size : 0;
      for (const word of wanted) {
        const tf = doc.counts.get(word);
        if (!tf) continue;
        score += (idf(word) * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / averageLength));
      }
      if (score > 0 && Math.min(1, score / reference) >= threshold)
        hits.push({ passage: doc.passage, score: score / reference });
    }
    // Ranked on the whole score; shown capped at 1.
    hits.sort((a, b) => b.score - a.score);
    for (const hit of hits) hit.score = Math.min(1, Math.round(hit.score * 1000) / 1000);
    // One passage per address: the best of a section stands for it.
    const seen = new Set<string>();
    return hits.filter((hit) => !seen.has(hit.passage.url) && seen.add(hit.passage.url)).slice(0, topK);
  }

  return { search, size: docs.length };
}

export type Index = ReturnType<typeof buildIndex>;

/** What the assistant says when nothing answers well enough. */
export const NO_ANSWER =
  'Je n’ai pas trouvé de réponse sûre à cette question dans nos pages. Écrivez-nous depuis la page Support (/support) : nous vous répondrons.';

/** The longest answer, in characters: whole sentences are added while they fit. */
const ANSWER_LENGTH = 480;

/**
 * A short answer taken word for word from the best passage (nothing is made up), in whole
 * sentences: the one that shares the most terms with the question, the next one when it is
 * short, and the passage's opening « Oui » or « Non » when it answers a yes-or-no question. The
 * sources are listed beside the answer, not repeated in it.
 */
export function answerFrom(query: string, hits: readonly Hit[]): string {
  const best = hits[0];
  if (!best) return NO_ANSWER;
  const wanted = new Set(terms(query));
  const sentences = best.passage.text.split(/(?<=[.!?…])\s+(?=[A-ZÀ-Ý«0-9])/u).filter((s) => s.length > 2);
  const ranked = sentences
    .map((sentence, order) => ({ sentence, order, shared: terms(sentence).filter((t) => wanted.has(t)).length }))
    .sort((a, b) => b.shared - a.shared || a.order - b.order);
  const first = ranked[0]!;
  const chosen = [first.order];
  // A passage that opens with a yes or a no says it before the rest.
  if (first.order > 0 && /^(Oui|Non)\b/u.test(sentences[0]!)) chosen.unshift(0);
  const length = () => chosen.reduce((sum, order) => sum + sentences[order]!.length + 1, 0);
  const next = first.order + 1;
  if (sentences[next] && (length() < 120 || /^(Oui|Non)\b/u.test(sentences[first.order]!))) {
    if (length() + sentences[next].length <= ANSWER_LENGTH) chosen.push(next);
  }
  const text = chosen.map((order) => sentences[order]).join(' ');
  // A card's text or a list item has no full stop of its own: the answer ends as a sentence does.
  return /[.!?»)]$/u.test(text) ? text : `${text.replace(/[\s:;,–-]+$/u, '')}.`;
}
