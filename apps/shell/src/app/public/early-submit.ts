import { useEffect } from 'react';
import type { PublicFormHandle } from './public-form';

/**
 * A prerendered public page is on screen before its script runs. The page's inline script
 * (prerender/early-submit-script.ts) holds back a submit made in that time; the hydrated page takes
 * it over here: the values typed into the prerendered inputs, and whether a submit is waiting.
 */
export const EARLY_SUBMIT_GLOBAL = '__smscEarlySubmit';

export interface EarlySubmitState {
  submitted: boolean;
  stop: () => void;
}

export interface EarlyInput {
  /** typed values by input id (a field's input has its name as id) */
  values: Record<string, string>;
  submitted: boolean;
}

type WithEarly = Window & { [EARLY_SUBMIT_GLOBAL]?: EarlySubmitState };

const SKIPPED_TYPES = new Set(['checkbox', 'radio', 'submit', 'button', 'hidden', 'file']);

/**
 * Stops holding submits back (from now on React answers them) and answers what the visitor did
 * before: null when the page was not prerendered or was taken over already.
 */
export function takeEarlySubmit(): EarlyInput | null {
  const w = window as WithEarly;
  const state = w[EARLY_SUBMIT_GLOBAL];
  if (!state) return null;
  delete w[EARLY_SUBMIT_GLOBAL];
  state.stop();
  const root = document.getElementById('root');
  root?.removeAttribute('aria-busy');
  // hydration keeps what was typed in the DOM (React does not overwrite it) but the form's store does
  // not know it, so the values are read from the inputs themselves
  const values: Record<string, string> = {};
  root?.querySelectorAll<HTMLInputElement>('input[id]').forEach((input) => {
    if (input.value && !SKIPPED_TYPES.has(input.type)) values[input.id] = input.value;
  });
  return { values, submitted: state.submitted };
}

/**
 * For a public page's form: once hydrated, the form gets what was typed before and sends a submit
 * that was made before. Child effects run before the Shell's, so the page takes the input before the
 * Shell's catch-all takeEarlySubmit() drops it.
 */
export function useEarlySubmit(form: PublicFormHandle): void {
  useEffect(() => {
    const early = takeEarlySubmit();
    if (!early) return;
    const values = Object.fromEntries(Object.entries(early.values).filter(([name]) => form.names.includes(name)));
    if (Object.keys(values).length) form.setValues(values);
    if (early.submitted) form.submit();
  }, [form]);
}
