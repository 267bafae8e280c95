import { SegmentedMessage } from 'sms-segments-calculator';
import type { SmsEncoding } from '@smsc/shared-contract';

export interface Segments {
  segments: number;
  encoding: SmsEncoding;
  characters: number;
  characters_left: number;
}

/**
 * The compose box's live count, with the same library and rules as the server's pipeline: GSM-7
 * (160, or 153 per part) unless a character needs UCS-2 (70, or 67 per part).
 */
export function countSegments(text: string): Segments {
  const m = new SegmentedMessage(text);
  const encoding: SmsEncoding = m.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7';
  const last = m.segments[m.segments.length - 1];
  const bits = encoding === 'UCS-2' ? 16 : 7;
  return {
    segments: Math.max(1, m.segmentsCount),
    encoding,
    characters: m.numberOfCharacters,
    characters_left: last ? Math.floor(last.freeSizeInBits() / bits) : 0,
  };
}
