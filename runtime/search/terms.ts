/**
 * How text becomes search terms, shared by the index, the query and the highlighter so
 * that what matched is what gets marked: lower case, accents folded, English stop words
 * dropped, plurals reduced to the singular.
 */

/** Words too common to tell pages apart (a short English list: ranking, not grammar). */
export const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our so than that the their them then there these they this those to us was we were what when ' +
    'where which while who why will with would you your'
  ).split(' '),
);

/** Splits on anything that is not a letter, digit or underscore (`payment.confirmed` is two terms). */
export const WORD_RE = /[\p{L}\p{N}_]+/gu;

/** The words of a text, as written. */
export function words(text: string): string[] {
  return text.match(WORD_RE) ?? [];
}

/**
 * A word's term, or null for a stop word. Plurals are cut to the singular
 * (`callbacks` → `callback`, `currencies` → `currency`) so either form finds both; the
 * rule is deliberately small (no stemming of verbs), prefix search covers the rest.
 */
export function toTerm(word: string): string | null {
  let term = word.toLowerCase();
  if (/[^\x00-\x7f]/.test(term)) term = term.normalize('NFD').replace(/\p{M}/gu, '');
  if (STOP_WORDS.has(term)) return null;
  if (term.length > 4 && term.endsWith('ies')) return `${term.slice(0, -3)}y`;
  if (term.length > 3 && term.endsWith('s') && !/(ss|us|is|ys)$/.test(term)) return term.slice(0, -1);
  return term;
}

/** Word as written → term: the same few thousand words recur on every page and in every result. */
const memo = new Map<string, string | null>();
const MEMO_SIZE = 50_000;

/** `toTerm`, remembered (bounded: a vocabulary of numbers and identifiers only clears it now and then). */
export function termOf(word: string): string | null {
  let term = memo.get(word);
  if (term === undefined) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    term = toTerm(word);
    memo.set(word, term);
  }
  return term;
}
