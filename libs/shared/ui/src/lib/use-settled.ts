import { useEffect, useState } from 'react';

/**
 * A value that follows `value` once it has stopped changing for `ms`: a price, an estimate or a search
 * is asked for when typing pauses, not on every keystroke.
 */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
