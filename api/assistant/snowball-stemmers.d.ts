declare module 'snowball-stemmers' {
  /** A Snowball stemmer: the stem of one lower-case word. */
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(language: string): Stemmer;
}
