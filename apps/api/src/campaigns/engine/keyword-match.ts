// Keyword matching of incoming messages: the first word of the message, any case, against the
// company's active keywords; a keyword bound to the number that received the message wins over a
// company-wide one with the same word.

export interface KeywordRule {
  keyword_uuid: string;
  keyword: string;
  did_uuid: string | null;
}

/** A keyword as stored and compared: NFKC, trimmed, upper case. */
export function normalizeKeyword(word: string): string {
  return word.normalize('NFKC').trim().toUpperCase();
}

/** The message's first word (letters and digits), normalized; '' when it has none. */
export function firstWord(text: string): string {
  const m = /[\p{L}\p{N}]+/u.exec(text.normalize('NFKC'));
  return m ? normalizeKeyword(m[0]) : '';
}

/** The rule an incoming message to `didUuid` triggers, or null. */
export function matchKeyword<T extends KeywordRule>(
  text: string,
  didUuid: string | null,
  rules: readonly T[],
): T | null {
  const word = firstWord(text);
  if (!word) return null;
  const hits = rules.filter(
    (r) => normalizeKeyword(r.keyword) === word && (r.did_uuid === null || r.did_uuid === didUuid),
  );
  return hits.find((r) => r.did_uuid !== null) ?? hits[0] ?? null;
}
