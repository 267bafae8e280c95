// Which opt-out word an incoming message is, in which language: pure, over the keyword sets a company answers.
import { OPT_OUT_LANGUAGES, type OptOutLanguage } from '@smsc/shared-contract';

export type OptWord = 'stop' | 'help' | 'start';
export interface WordSets {
  stop_words: readonly string[];
  help_words: readonly string[];
  start_words: readonly string[];
}

/**
 * A message or a keyword reduced to what is compared: accents, case, surrounding punctuation and runs of spaces
 * ignored ("Baja.", " no más!" and "NO MAS" are the same), so a set lists each word once.
 */
export function wordOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

const KINDS: [OptWord, keyof WordSets][] = [
  ['stop', 'stop_words'],
  ['help', 'help_words'],
  ['start', 'start_words'],
];

/**
 * The opt word a whole message is, and the language whose set it was found in: the number's own language first
 * (its country's, so a Spanish number's STOP is answered in Spanish), then the others in a fixed order. Within a
 * language STOP wins over HELP and START, so a word a company put in two lists never subscribes anyone. null: an
 * ordinary message (a sentence that merely contains "stop").
 */
export function matchOptWord(
  text: string,
  sets: Readonly<Record<OptOutLanguage, WordSets>>,
  preferred: OptOutLanguage,
): { kind: OptWord; language: OptOutLanguage } | null {
  const word = wordOf(text);
  if (!word) return null;
  for (const language of [preferred, ...OPT_OUT_LANGUAGES.filter((l) => l !== preferred)]) {
    const set = sets[language];
    for (const [kind, key] of KINDS) if (set[key].some((w) => wordOf(w) === word)) return { kind, language };
  }
  return null;
}
