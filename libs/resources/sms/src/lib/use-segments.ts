import { useEffect, useState } from 'react';
import type { Segments } from './segments';

type Counter = typeof import('./segments');
let counter: Counter | null = null;

/** An empty text's count, which needs no calculator (segments.spec checks it against the calculator's). */
export const EMPTY_TEXT: Segments = { segments: 1, encoding: 'GSM-7', characters: 0, characters_left: 160 };

/**
 * The compose box's live count. The calculator (sms-segments-calculator and its Unicode tables,
 * ~12 KB gzip) is fetched once the text has a character or `wanted` turns true (the text field got
 * the focus), not with the SMS center, which is the company user's landing.
 */
export function useSegments(text: string, wanted: boolean): Segments {
  const [loaded, setLoaded] = useState<Counter | null>(counter);
  useEffect(() => {
    if (loaded || (!text && !wanted)) return;
    let live = true;
    void import('./segments').then((m) => {
      counter = m;
      if (live) setLoaded(m);
    });
    return () => {
      live = false;
    };
  }, [loaded, text, wanted]);
  // for the moment the calculator takes to arrive after the first keystroke, the count stays empty
  return loaded && text ? loaded.countSegments(text) : EMPTY_TEXT;
}
