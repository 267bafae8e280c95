// Opt-out keywords of incoming messages and stop-text filters of outgoing ones.

import { DEFAULT_SETS } from '../opt-outs/languages';
import { matchOptWord, type OptWord } from './opt-out-words';

export const DEFAULT_STOP_REPLY = DEFAULT_SETS.en.stop_reply;
export const DEFAULT_START_REPLY = DEFAULT_SETS.en.start_reply;

/**
 * 'stop' / 'help' / 'start' when the whole message is one of the platform's default opt words in any language
 * (any case, accents, surrounding spaces and punctuation ignored: "Stop.", " baja!"); null for anything else, so
 * a sentence that merely contains "stop" is an ordinary reply. A company's own keyword may not be one of these.
 */
export function optKeyword(text: string): OptWord | null {
  return matchOptWord(text, DEFAULT_SETS, 'en')?.kind ?? null;
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
