// Auto-substitute for bulk sends: the server substitutes each recipient's fields, the console previews the same way.

const PLACEHOLDER = /\{\s*([A-Za-z0-9_][A-Za-z0-9_ .-]*?)\s*\}/g;

/** Field names are matched case-insensitively and with spaces as underscores ("First Name" = {first_name}). */
export const fieldKey = (name: string) => name.trim().toLowerCase().replace(/[\s.-]+/g, '_');

/**
 * The text with each {field} replaced by the recipient's value. A placeholder with no such field
 * is left as written (so a literal "{x}" in a message survives); an empty value empties it.
 */
export function substitute(text: string, fields: Record<string, string> | null | undefined): string {
  if (!fields) return text;
  const byKey = new Map(Object.entries(fields).map(([k, v]) => [fieldKey(k), v]));
  if (!byKey.size) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const v = byKey.get(fieldKey(name));
    return v === undefined ? whole : v;
  });
}

/** The placeholders a text uses (for the form: which columns the CSV must have). */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => fieldKey(m[1])))];
}

/** Placeholders of the text that no column provides (the server refuses such a bulk: the messages would go out with "{x}" in them). */
export function missingFields(text: string, columns: string[]): string[] {
  const have = new Set(columns.map(fieldKey));
  return placeholders(text).filter((p) => !have.has(p));
}
