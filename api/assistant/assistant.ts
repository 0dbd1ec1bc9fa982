import { readCorpus } from './corpus.ts';
import { answerFrom, buildIndex, type Hit } from './retrieval.ts';

/** The assistant's answer: `answer`, and the passages it comes from. */
export interface AskAnswer {
  answer: string;
  sources: { title: string; url: string; score: number }[];
}

/** The embedded assistant over a content folder, indexed once when first asked. */
export function embeddedAssistant(contentDir: string) {
  let index: Promise<ReturnType<typeof buildIndex>> | null = null;
  return async (query: string, topK: number, threshold: number): Promise<AskAnswer> => {
    index ??= readCorpus(contentDir).then(buildIndex);
    const hits: Hit[] = (await index).search(query, topK, threshold);
    return {
      answer: answerFrom(query, hits),
      sources: hits.map(({ passage, score }) => ({ title: passage.title, url: passage.url, score })),
    };
  };
}

export type Assistant = ReturnType<typeof embeddedAssistant>;
