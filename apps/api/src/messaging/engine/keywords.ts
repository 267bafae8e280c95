// Opt-out keywords of incoming messages and stop-text filters of outgoing ones.

export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'OPT OUT'] as const;
export const START_WORDS = ['START', 'UNSTOP', 'YES', 'SUBSCRIBE', 'OPTIN', 'OPT IN'] as const;

export const DEFAULT_STOP_REPLY =
  'You have been unsubscribed and will receive no more messages from this number. Reply START to subscribe again.';
export const DEFAULT_START_REPLY = 'You have been subscribed again. Reply STOP to unsubscribe.';

/**
 * 'stop' / 'start' when the whole message is one opt-out or opt-in keyword (any case, surrounding
 * spaces and punctuation ignored: "Stop.", " unsubscribe!"); null for anything else, so a sentence
 * that merely contains "stop" is an ordinary reply.
 */
export function optKeyword(text: string): 'stop' | 'start' | null {
  const word = text
    .normalize('NFKC')
    .trim()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    .replace(/\s+/g, ' ')
    .toUpperCase();
  if ((STOP_WORDS as readonly string[]).includes(word)) return 'stop';
  if ((START_WORDS as readonly string[]).includes(word)) return 'start';
  return null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A filter's pattern, or null for an empty one; kept, since every message is checked against the same few. */
const patterns = new Map<string, RegExp | null>();
function patternOf(filter: string): RegExp | null {
  let re = patterns.get(filter);
  if (re !== undefined) return re;
  const words = filter.trim().split(/\s+/).filter(Boolean).map(escape);
  re = words.length ? new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu') : null;
  // filters are edited rarely; a flood of distinct ones must not grow the map without bound
  if (patterns.size >= 10_000) patterns.clear();
  patterns.set(filter, re);
  return re;
}

/**
 * The first filter whose text occurs in the message as a whole word or phrase, ignoring case and
 * runs of spaces ("END" blocks "the END of it" but not "send" or "weekend"). Empty filters never match.
 */
export function matchFilter(text: string, filters: readonly string[]): string | null {
  for (const f of filters) {
    const re = patternOf(f);
    if (re?.test(text)) return f.trim();
  }
  return null;
}
