// Every reason code the server sends, in words: what happened and what to do next, with the screen to
// do it on where there is one. One table for every screen (toasts, banners, field errors). It reads a
// code, a detail and field errors, whichever shape the answer came in (problemOf, below).
import { errorCodeOfStatus, isErrorCode, type ErrorCode } from '@smsc/shared-contract';

/** A screen an error's next step points to, resolved per role area (ERROR_LINK_PATHS). */
export type ErrorLinkTarget = 'top-up' | 'guards' | 'numbers' | 'templates' | 'suppression' | 'api-keys' | 'compliance';

export interface ErrorWords {
  /** what happened, as a sentence */
  sentence: string;
  /** what the person can do about it */
  next?: string;
  /** the screen where the next step is done */
  link?: ErrorLinkTarget;
  /** said even when the server's detail explains what happened (the detail seldom says what to do) */
  alwaysNext?: boolean;
}

export const ERROR_WORDS: Record<ErrorCode, ErrorWords> = {
  // a whole request refused
  validation: { sentence: 'Some of what was entered is not valid.', next: 'Correct it and try again.' },
  unauthenticated: { sentence: 'You are not signed in, or your session has ended.', next: 'Sign in again.' },
  forbidden: {
    sentence: 'Your account is not allowed to do this.',
    next: 'Ask an administrator of your account if you need it.',
  },
  api_key_scope: {
    sentence: 'This API key is not allowed to make this call.',
    next: 'Create a key with the scope the call needs.',
    link: 'api-keys',
    alwaysNext: true,
  },
  not_found: { sentence: 'This record no longer exists, or you cannot see it.', next: 'Go back to the list.' },
  conflict: {
    sentence: 'This clashes with a record that exists already or changed meanwhile.',
    next: 'Reload the page and try again.',
  },
  idempotency_in_progress: {
    sentence: 'The same request is still being processed.',
    next: 'Wait a moment: it completes once.',
    alwaysNext: true,
  },
  idempotency_mismatch: {
    sentence: 'This request reused the key of a different request.',
    next: 'Send it again as a new request.',
    alwaysNext: true,
  },
  rate_limited: {
    sentence: 'Too many requests in a short time.',
    next: 'Wait a minute and try again.',
    alwaysNext: true,
  },
  payload_too_large: { sentence: 'The file or request is too large.', next: 'Split it into smaller parts.' },
  unsupported_media_type: {
    sentence: 'This kind of content is not accepted here.',
    next: 'Use the file format the page asks for.',
  },
  unavailable: {
    sentence: 'A service this needs is not answering right now.',
    next: 'Try again in a few minutes.',
    alwaysNext: true,
  },
  server_error: {
    sentence: 'Something went wrong on our side.',
    next: 'Try again; if it keeps failing, tell support the request number.',
  },
  route_not_found: {
    sentence: 'This page asked the server for something it does not offer.',
    next: 'Reload the page; if it keeps failing, tell support.',
  },
  bad_url: { sentence: 'The address could not be read.', next: 'Check the address, or go back and try again.' },
  duplicate: {
    sentence: 'A record with these values exists already.',
    next: 'Change the value that must be unique, or open the existing record.',
  },
  still_referenced: {
    sentence: 'Other records still use this one, so it cannot be deleted.',
    next: 'Remove or change those records first.',
  },
  missing_reference: {
    sentence: 'Something this refers to no longer exists.',
    next: 'Reload the page and pick it again.',
  },
  invalid_value: { sentence: 'A value is out of range or not in the right form.', next: 'Correct it and try again.' },
  read_only: {
    sentence: 'Your login may look but not change anything.',
    next: 'Ask an administrator of your reseller account to make the change or to give you the admin role.',
    alwaysNext: true,
  },
  change_set_decided: {
    sentence: 'This rate change was approved or rejected already.',
    next: 'Import the deck again to make a new change, under Products, Rate changes.',
  },
  no_plan: {
    sentence: 'Your account has no plan yet, so it cannot pay for messages or numbers.',
    next: 'Ask your provider to choose a plan for your account.',
    alwaysNext: true,
  },
  number_unpriced: {
    sentence: 'Your plan has no price for messages in this number’s country, so the number could not be used.',
    next: 'Pick a number in a country your plan covers, or ask your provider to price it.',
    alwaysNext: true,
  },
  // a message refused (BLOCK_REASONS): the server's detail names the number or text; the next step is ours
  bad_sender: {
    sentence: 'The From number is not one of your company’s sending numbers.',
    next: 'Pick a number from the From list, or buy one.',
    link: 'numbers',
    alwaysNext: true,
  },
  bad_number: {
    sentence: 'The recipient number is not a valid phone number.',
    next: 'Enter it with its country code, e.g. +1 415 555 0100.',
    alwaysNext: true,
  },
  bad_template: {
    sentence: 'The template is unknown or not approved yet.',
    next: 'Pick an approved template, or wait for its approval.',
    link: 'templates',
    alwaysNext: true,
  },
  sender_unregistered: {
    sentence: 'This sender is not registered for this destination, which carriers now require.',
    next: 'File the registration the message names (a 10DLC campaign, a toll-free verification or a sender ID) under Compliance.',
    link: 'compliance',
    alwaysNext: true,
  },
  suppressed: {
    sentence: 'This number opted out (it texted STOP) or is on your suppression list.',
    next: 'It receives messages again once it texts START or is removed from the list.',
    link: 'suppression',
    alwaysNext: true,
  },
  filtered: {
    sentence: 'The text contains words a stop-text filter does not allow.',
    next: 'Change the wording and send again.',
    alwaysNext: true,
  },
  no_price: {
    sentence: 'Your plan has no price for this destination, so it cannot be sent.',
    next: 'Ask your provider to price this destination, or send to another one.',
    alwaysNext: true,
  },
  no_route: {
    sentence: 'No carrier route can deliver to this destination right now.',
    next: 'Try again later, or ask your provider.',
    alwaysNext: true,
  },
  no_money: {
    sentence: 'Your balance does not cover the price of this message.',
    next: 'Top up your balance, then send again.',
    link: 'top-up',
    alwaysNext: true,
  },
  destination_not_allowed: {
    sentence: 'Sending to this country is not allowed for your company.',
    next: 'Allow the country under Spend and destinations, or ask your provider.',
    link: 'guards',
    alwaysNext: true,
  },
  pumping_suspected: {
    sentence: 'Traffic to this number range is held as suspected SMS pumping (fraud).',
    next: 'If the traffic is genuine, ask your provider to lift the hold.',
    alwaysNext: true,
  },
  below_margin: {
    sentence: 'No route can carry this message without a loss, so it was not sent.',
    next: 'Ask your provider to review the price of this destination.',
    alwaysNext: true,
  },
  spend_limit: {
    sentence: 'This would pass your company’s daily or monthly spend limit.',
    next: 'Raise the limit under Spend and destinations, or wait for the next day or month.',
    link: 'guards',
    alwaysNext: true,
  },
};

/** The screens of ErrorLinkTarget, per role area (relative to the area's base path); absent: no such screen there. */
export const ERROR_LINK_PATHS: Record<string, Partial<Record<ErrorLinkTarget, { path: string; label: string }>>> = {
  'company-admin': {
    'top-up': { path: 'payment-gateway', label: 'Top up' },
    guards: { path: 'profile/guards', label: 'Spend and destinations' },
    numbers: { path: 'dids/all-did/local-did', label: 'Numbers' },
    templates: { path: 'templates/list', label: 'Templates' },
    'api-keys': { path: 'api-keys', label: 'API keys' },
    compliance: { path: 'compliance', label: 'Compliance' },
  },
  'company-user': {
    templates: { path: 'templates/list', label: 'Templates' },
  },
};

/** Field names as the forms label them; others are spelled out from the name (time_zone → Time zone). */
const FIELD_LABELS: Record<string, string> = {
  dnis: 'Recipient number',
  ani: 'Sender number',
  send_at: 'Send time',
  company_uuid: 'Company',
  end_time: 'End time',
  start_time: 'Start time',
  url: 'URL',
  csv: 'File',
};

export function fieldLabel(name: string): string {
  const known = FIELD_LABELS[name];
  if (known) return known;
  const words = name
    .replace(/_uuid$/, '')
    .replace(/_/g, ' ')
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1) : name;
}

/** A field's message as a line of its own: the server's words often start with the label already. */
export function fieldLine(name: string, message: string): string {
  return /^[A-Z][^:]{0,40}: /.test(message) ? message : `${fieldLabel(name)}: ${message}`;
}

/** What a failed call said, whichever shape: RFC 9457 problem+json or the `{ error: { message, code }, errors }` one. */
export interface Problem {
  status?: number;
  code?: string;
  detail?: string;
  /** field name → message */
  fields: Record<string, string>;
}

const text = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : Array.isArray(v)
      ? v.map(text).filter(Boolean).join('; ')
      : v && typeof v === 'object'
        ? Object.entries(v as Record<string, unknown>)
            .map(([k, x]) => fieldLine(k, text(x)))
            .join('; ')
        : '';

/** A message that starts with a field's name ("send_at: choose a time"): that field's error. */
const FIELD_PREFIX = /^([a-z][a-z0-9]*(?:_[a-z0-9]+)*): (.+)$/s;

export function problemOf(failure: unknown): Problem {
  const outer = failure as { status?: unknown; data?: unknown } | undefined;
  const data = (outer && typeof outer === 'object' && 'data' in outer ? outer.data : failure) as
    Record<string, unknown> | undefined;
  const out: Problem = { fields: {} };
  const status = typeof outer?.status === 'number' ? outer.status : undefined;
  if (status !== undefined) out.status = status;
  if (!data || typeof data !== 'object') return out;
  const error = data['error'] as { message?: unknown; code?: unknown } | undefined;
  const code = data['code'] ?? error?.code;
  if (typeof code === 'string') out.code = code.toLowerCase();
  const detail = data['detail'] ?? error?.message;
  if (typeof detail === 'string' && detail) out.detail = detail;
  if (typeof data['status'] === 'number' && out.status === undefined) out.status = data['status'] as number;
  const errors = data['errors'];
  if (Array.isArray(errors)) {
    // problem+json: [{ field | name | pointer, message | detail }]
    for (const e of errors as Record<string, unknown>[]) {
      const name =
        e?.['field'] ??
        e?.['name'] ??
        (typeof e?.['pointer'] === 'string' ? String(e['pointer']).split('/').pop() : undefined);
      const message = e?.['message'] ?? e?.['detail'];
      if (typeof name === 'string' && name && typeof message === 'string') out.fields[name] = message;
    }
  } else if (errors && typeof errors === 'object') {
    for (const [name, v] of Object.entries(errors as Record<string, unknown>)) out.fields[name] = text(v);
  } else if (typeof errors === 'string' && !out.detail) out.detail = errors;
  if (out.detail) {
    const blocked = /^Blocked \(([a-z_]+)\): (.+)$/s.exec(out.detail);
    if (blocked) {
      out.code = blocked[1];
      out.detail = blocked[2];
    } else {
      const named = FIELD_PREFIX.exec(out.detail);
      if (named && (named[1].includes('_') || FIELD_LABELS[named[1]])) {
        if (!Object.keys(out.fields).length) out.fields[named[1]] = named[2];
        out.detail = fieldLine(named[1], named[2]);
      }
    }
  }
  if (!out.code && Object.keys(out.fields).length) out.code = 'validation';
  if (!out.code && out.status !== undefined && out.status >= 400) out.code = errorCodeOfStatus(out.status);
  return out;
}

export interface Explained {
  /** the whole message for a toast or banner: what happened and the next step */
  text: string;
  /** what happened only */
  what: string;
  next?: string;
  link?: ErrorLinkTarget;
}

/** A code with its detail and field errors, in words (the same for every shape of answer). */
export function explainError(p: { code?: string; detail?: string; fields?: Record<string, string> }): Explained | null {
  const words = isErrorCode(p.code) ? ERROR_WORDS[p.code] : undefined;
  const fields = Object.entries(p.fields ?? {});
  // the server's detail first (docs/spec.md §8: the error's message), else the fields' own words
  const what =
    p.detail ??
    (fields.length ? fields.map(([k, v]) => fieldLine(k, v)).join('; ') : undefined) ??
    words?.sentence ??
    (p.code ? 'The request was refused.' : undefined);
  if (!what) return null;
  const said = fields.length > 0 || !!p.detail;
  const next = words?.next && (!said || words.alwaysNext) ? words.next : undefined;
  const end = (s: string) => (/[.!?…)]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
  return {
    what,
    next,
    link: words?.link,
    text: next ? `${end(what)} ${next}` : what,
  };
}
