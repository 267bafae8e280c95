// Message placeholders: {name}, {order}... filled from a recipient's fields, CSV columns or typed values.
// One engine for the server (which refuses a send that would leave one unfilled) and the console's preview.

// "{{" and "}}" are a literal brace, so a message can still say "{x}" on purpose: write "{{x}}".
const TOKEN = /\{\{|\}\}|\{\s*([A-Za-z0-9_][A-Za-z0-9_ .-]*?)\s*\}/g;

/** Field names are matched case-insensitively and with spaces as underscores ("First Name" = {first_name}). */
export const fieldKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s.-]+/g, '_');

export interface Filled {
  /** the text with every placeholder that has a value replaced (and "{{"/"}}" turned into braces) */
  text: string;
  /** the placeholders left unfilled (no value, or a blank one), each once, in order of first use */
  missing: string[];
}

const keyed = (values: Record<string, string | null | undefined> | null | undefined) =>
  new Map(Object.entries(values ?? {}).map(([k, v]) => [fieldKey(k), v ?? '']));

/**
 * Fills the text's placeholders. A value that is empty or only spaces counts as missing (the message
 * would read "Hi ,"); a missing placeholder stays as written so a preview shows where it is.
 */
export function fillText(text: string, values: Record<string, string | null | undefined> | null | undefined): Filled {
  const byKey = keyed(values);
  const missing: string[] = [];
  const out = text.replace(TOKEN, (whole, name: string | undefined) => {
    if (name === undefined) return whole[0];
    const key = fieldKey(name);
    const v = byKey.get(key);
    if (v === undefined || !v.trim()) {
      if (!missing.includes(key)) missing.push(key);
      return whole;
    }
    return v;
  });
  return { text: out, missing };
}

/** The text with each {field} replaced by its value; unfilled placeholders are left as written. */
export function substitute(text: string, fields: Record<string, string> | null | undefined): string {
  return fillText(text, fields).text;
}

/** The placeholders a text uses, each once (for the form: which values or columns it needs). */
export function placeholders(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TOKEN)) {
    if (m[1] === undefined) continue;
    const key = fieldKey(m[1]);
    if (!out.includes(key)) out.push(key);
  }
  return out;
}

/** Placeholders of the text that no column provides (the server refuses such a bulk: the messages would go out with "{x}" in them). */
export function missingFields(text: string, columns: string[]): string[] {
  const have = new Set(columns.map(fieldKey));
  return placeholders(text).filter((p) => !have.has(p));
}

/** The words of a refusal: "{name} has no value" / "{name}, {order} have no value". */
export function unfilledMessage(missing: string[]): string {
  const list = missing.map((m) => `{${m}}`).join(', ');
  return `${list} ${missing.length === 1 ? 'has' : 'have'} no value; give ${missing.length === 1 ? 'it' : 'them'} a value or take ${missing.length === 1 ? 'it' : 'them'} out of the text`;
}
