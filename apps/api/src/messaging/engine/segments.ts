import { SegmentedMessage } from 'sms-segments-calculator';
import type { SmsEncoding } from '@smsc/shared-contract';

export interface SegmentCount {
  segments: number;
  encoding: SmsEncoding;
  characters: number;
  characters_left: number;
}

/**
 * Characters of the GSM 03.38 basic table that are one septet and one grapheme each (no escape pair; no CR,
 * which with LF is one grapheme and sends the library's count to UCS-2). segments.spec.ts checks each one
 * against the library.
 */
export const GSM_BASIC =
  '@£$¥èéùìòÇ\nØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const BASIC = new Set(GSM_BASIC);
/** 140 octets a part: 160 septets, or 153 after the 6-octet concatenation header */
const SINGLE = 160;
const PER_PART = 153;

const allBasic = (text: string) => {
  for (let i = 0; i < text.length; i++) if (!BASIC.has(text[i])) return false;
  return true;
};

/**
 * Parts and encoding of a text as the SMSC will send it: GSM-7 (160 / 153 per part, escape pairs never
 * split) unless a character needs UCS-2 (70 / 67). An empty text is one empty part.
 */
export function countSegments(text: string): SegmentCount {
  // Most texts are plain GSM: their count is arithmetic. The library splits graphemes and builds an object
  // per character, a fifth of the CPU of an SMPP submit.
  if (allBasic(text)) {
    const n = text.length;
    if (n <= SINGLE) return { segments: 1, encoding: 'GSM-7', characters: n, characters_left: SINGLE - n };
    const segments = Math.ceil(n / PER_PART);
    return { segments, encoding: 'GSM-7', characters: n, characters_left: PER_PART * segments - n };
  }
  return libraryCount(text);
}

/** The library's count, without the plain-GSM arithmetic (the spec compares the two). */
export function libraryCount(text: string): SegmentCount {
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
