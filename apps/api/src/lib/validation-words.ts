// Schema validation failures in the words of the screens: "Recipient number: enter a phone number, digits
// only", never `body/dnis must match pattern "^[+0-9 ().-]+$"`. One mapping for every route (the error handler).
import { UNSTORABLE_TEXT_MESSAGE, type FieldProblem } from '@smsc/shared-contract';

export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  schema?: unknown;
}

/** Field names as the console's forms label them; anything else is its name in words ("first_name" → "First name"). */
const LABELS: Record<string, string> = {
  dnis: 'Recipient number',
  ani: 'Sender number',
  text: 'Text',
  numbers: 'Numbers',
  number: 'Number',
  send_at: 'Send at',
  start_at: 'Start at',
  remind_at: 'Remind at',
  quiet_start: 'Quiet hours from',
  quiet_end: 'Quiet hours until',
  time_zone: 'Time zone',
  values: 'Placeholder values',
  name: 'Name',
  campaign_name: 'Campaign name',
  template_name: 'Template name',
  recipient_name: 'Recipient name',
  company_uuid: 'Company',
  recipient_uuid: 'Recipient',
  sms_template_uuid: 'Template',
  ani_group_uuid: 'ANI group',
  email: 'Email',
  passwd: 'Password',
  password: 'Password',
  amount: 'Amount',
  per_page: 'Rows per page',
  url: 'URL',
  status_callback: 'Status callback URL',
  page: 'Page',
};
const PHONE_FIELDS = new Set(['dnis', 'ani', 'number', 'numbers', 'did', 'from', 'to']);

export const fieldLabel = (field: string) => {
  const known = LABELS[field];
  if (known) return known;
  const words = field
    .replace(/_uuid$/, '')
    .replace(/[_.-]+/g, ' ')
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Value';
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The words after the label, for one failed rule. */
function words(issue: SchemaIssue, field: string): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'pattern':
      if (p.pattern === '\\S') return 'write something other than spaces';
      if (PHONE_FIELDS.has(field)) return 'enter a phone number, digits only';
      return p.pattern === '^https?://'
        ? 'enter an address that starts with http:// or https://'
        : 'has characters that are not allowed here';
    case 'minLength':
      return Number(p.limit) <= 1 ? 'is required' : `enter at least ${plural(Number(p.limit), 'character')}`;
    case 'maxLength':
      return `enter at most ${plural(Number(p.limit), 'character')}`;
    case 'format':
      if (p.format === 'date-time' || p.format === 'date') return 'enter a date and time';
      if (p.format === 'uuid') return 'choose one from the list';
      if (p.format === 'email') return 'enter an e-mail address';
      if (p.format === 'storable-text') return UNSTORABLE_TEXT_MESSAGE;
      return 'is not in the expected form';
    case 'minItems':
      return `add at least ${Number(p.limit)}`;
    case 'maxItems':
      return `take at most ${Number(p.limit)}`;
    case 'minimum':
      return `enter ${Number(p.limit)} or more`;
    case 'maximum':
      return `enter ${Number(p.limit)} or less`;
    case 'exclusiveMinimum':
      return `enter more than ${Number(p.limit)}`;
    case 'type':
      return p.type === 'integer' || p.type === 'number' ? 'enter a number' : 'has the wrong kind of value';
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return 'choose one of the offered values';
    case 'additionalProperties':
      return 'is not a field of this form';
    case 'minProperties':
      return 'change at least one field';
    case 'maxProperties':
      return `give at most ${Number(p.limit)}`;
    default:
      return 'is not valid';
  }
}

/** A rule's keyword as a field error's code: `minLength` → `min_length`. */
const codeOfKeyword = (keyword: string) => keyword.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A validation failure as one field error per field (for the form) and one sentence for the toast. The field
 * is the top-level property (an array entry is named by its position, "Numbers (entry 3)"); a body's field also
 * gets the JSON pointer to the value that failed.
 */
export function describeValidation(
  issues: SchemaIssue[],
  context?: string,
): { fields: FieldProblem[]; message: string } {
  const fields: FieldProblem[] = [];
  const sentences: string[] = [];
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean);
    let field = path[0] ?? '';
    let pointer = issue.instancePath;
    if (issue.keyword === 'required' && !path.length) field = String(issue.params.missingProperty ?? '');
    if (issue.keyword === 'additionalProperties' && !path.length) field = String(issue.params.additionalProperty ?? '');
    if (!path.length && field) pointer = `/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const entry = path.length > 1 && /^\d+$/.test(path[1]) ? ` (entry ${Number(path[1]) + 1})` : '';
    const label = field ? `${fieldLabel(field)}${entry}` : context === 'querystring' ? 'Search' : 'The request';
    // a field of several shapes (a date or null) fails each branch: its first failure says it best
    if (fields.some((f) => f.field === field)) continue;
    const sentence = `${label}: ${words(issue, field)}`;
    if (field)
      fields.push({
        field,
        ...(context === 'body' && pointer ? { pointer } : {}),
        code: codeOfKeyword(issue.keyword),
        detail: sentence,
      });
    sentences.push(sentence);
  }
  return { fields, message: sentences.join('; ') || 'The request is not valid' };
}

/** A top-up outside its currency's limits, in the words the form shows on the field ("The smallest top-up is USD 5.00"). */
export function amountRangeWords(side: 'min' | 'max', bound: string, currency: string): string {
  return `The ${side === 'min' ? 'smallest' : 'largest'} top-up is ${currency} ${bound}`;
}
