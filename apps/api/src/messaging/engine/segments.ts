import { SegmentedMessage } from 'sms-segments-calculator';
import type { SmsEncoding } from '@smsc/shared-contract';

export interface SegmentCount {
  segments: number;
  encoding: SmsEncoding;
  characters: number;
  characters_left: number;
}

/**
 * Parts and encoding of a text as the SMSC will send it: GSM-7 (160 / 153 per part, escape pairs never
 * split) unless a character needs UCS-2 (70 / 67). An empty text is one empty part.
 */
export function countSegments(text: string): SegmentCount {
  const m = new SegmentedMessage(text);
  const encoding = m.encodingName;
  const last = m.segments[m.segments.length - 1];
  const bitsPerChar = encoding === 'UCS-2' ? 16 : 7;
  return {
    segments: Math.max(1, m.segmentsCount),
    encoding,
    characters: m.numberOfCharacters,
    characters_left: last ? Math.floor(last.freeSizeInBits() / bitsPerChar) : 0,
  };
}
