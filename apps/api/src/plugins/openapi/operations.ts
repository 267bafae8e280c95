// What the OpenAPI document says of each operation, derived from the route itself (method, path, config.access,
// config.apiKey) so no route can be left without it: a unique operationId, a summary, a description naming who
// may call it, tags, the security it takes and the problems it may answer.
import { API_PREFIX, USER_TYPES } from '@smsc/shared-contract';
import type { AccessLevel, AccessPolicy } from '../../lib/access';
import type { ApiKeyNeed } from '../../security';

const WORDS: Record<string, string> = {
  sms: 'SMS',
  did: 'number',
  dids: 'numbers',
  ani: 'ANI',
  smpp: 'SMPP',
  smsc: 'SMSC',
  api: 'API',
  csv: 'CSV',
  mo: 'MO',
  dlr: 'DLR',
};
const ROLE_WORDS: Record<string, string> = {
  admin: 'the system admin',
  reseller: 'a reseller',
  company_admin: 'a company admin',
  user: 'a company user',
};
const levelWords = (role: string, level: Exclude<AccessLevel, 'none'>) =>
  level === 'all'
    ? 'every record'
    : level === 'own'
      ? 'its own records'
      : role === 'reseller'
        ? "its companies' records"
        : "its company's records";

/** The calls a developer starts with, in their own words; every other summary is derived from method and path. */
const SUMMARIES: Record<string, string> = {
  'POST /auth': 'Sign in',
  'POST /sms': 'Send one SMS',
  'GET /sms/{id}': 'Read one SMS and its status',
  'GET /sms/list': 'List SMS',
  'POST /sms/quote': 'Price an SMS before sending it',
};

const segmentsOf = (url: string) =>
  url
    .slice(url.startsWith(API_PREFIX) ? API_PREFIX.length : 0)
    .split('/')
    .filter(Boolean);
const isParam = (s: string) => s.startsWith(':') || s.startsWith('{');
const paramName = (s: string) => s.replace(/^[:{]|}$/g, '');
const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
const words = (s: string) =>
  s
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => WORDS[w] ?? w)
    .join(' ');

/**
 * `getCompanyById`, `postSms`, `getSmsList`, `postCampaignByIdRun`: the method and every path segment, a
 * parameter as `By<Name>`. Two routes differ in method or path, so their ids differ (a path that differs only by a
 * parameter's name is refused by the document's own check, see openapi/index.ts).
 */
export function operationIdOf(method: string, url: string): string {
  const parts = segmentsOf(url).map((s) => (isParam(s) ? `By${pascal(paramName(s))}` : pascal(s)));
  return `${method.toLowerCase()}${parts.join('')}`;
}

const VERBS: Record<string, string> = { POST: 'Create', PUT: 'Set', PATCH: 'Update', DELETE: 'Delete', GET: 'Read' };

/** "List companies"-like words from the method and path: `GET /sms/list` → "List SMS", `POST /campaign/{id}/run` → "Run campaign". */
export function summaryOf(method: string, url: string): string {
  const segs = segmentsOf(url);
  const known =
    SUMMARIES[`${method.toUpperCase()} /${segs.map((x) => (isParam(x) ? `{${paramName(x)}}` : x)).join('/')}`];
  if (known) return known;
  const plain = segs.filter((s) => !isParam(s));
  const last = segs[segs.length - 1] ?? '';
  const m = method.toUpperCase();
  if (!plain.length) return `${VERBS[m] ?? m} the API root`;
  if (m === 'GET' && last === 'list') return `List ${words(plain.slice(0, -1).join(' ')) || 'records'}`;
  const one = segs.length > 1 && isParam(last) ? ' by id' : '';
  // an action on a record: POST /campaign/{id}/run, POST /webhook/{id}/test
  if (m === 'POST' && !isParam(last) && segs.some(isParam)) {
    const action = words(last);
    return `${action[0].toUpperCase()}${action.slice(1)} ${words(plain.slice(0, -1).join(' '))}`;
  }
  return `${VERBS[m] ?? m} ${words(plain.join(' '))}${one}`;
}

/**
 * The key scopes that open a route, any one of them (as the auth hook's scopeAllows reads config.apiKey): true is
 * send, and manage includes read. Each is a security requirement of its own in the document, since the scopes of
 * one requirement are all required.
 */
export function apiKeyScopesOf(need: ApiKeyNeed | undefined): string[] {
  if (!need) return [];
  const wanted: string[] = need === true ? ['send'] : [need].flat();
  return wanted.includes('read') && !wanted.includes('manage') ? [...wanted, 'manage'] : wanted;
}

/** Who may call it, in words, for the description. */
export function accessWords(access: AccessPolicy | undefined, apiKey: ApiKeyNeed | undefined): string {
  if (!access || access === 'public') return 'Anyone may call it, without signing in.';
  const who = USER_TYPES.filter((t) => access[t] && access[t] !== 'none').map(
    (t) => `${ROLE_WORDS[t] ?? t} (${levelWords(t, access[t] as Exclude<AccessLevel, 'none'>)})`,
  );
  const scopes = apiKeyScopesOf(apiKey);
  const key = scopes.length
    ? ` A company API key (the X-Api-Key header) with the ${scopes.join(' or ')} scope may call it too, on its company's records.`
    : '';
  return `Signed-in callers: ${who.join(', ')}.${key}`;
}

/** The roles a session needs (the scopes of the bearer requirement): every user type not refused. */
export const rolesOf = (access: AccessPolicy | undefined) =>
  !access || access === 'public' ? [] : USER_TYPES.filter((t) => access[t] && access[t] !== 'none');

/** The problems an operation may answer, by status (each a response of components/responses). */
export function problemStatusesOf(opts: {
  method: string;
  url: string;
  access: AccessPolicy | undefined;
  apiKey: boolean;
  rateLimited: boolean;
}): number[] {
  const m = opts.method.toUpperCase();
  const out = new Set<number>([400, 500]);
  if (opts.access !== 'public') [401, 403].forEach((s) => out.add(s));
  if (segmentsOf(opts.url).some(isParam)) out.add(404);
  if (m !== 'GET') out.add(409);
  if (m === 'POST' || m === 'PUT' || m === 'PATCH') [413, 415].forEach((s) => out.add(s));
  // a send through the pipeline: blocked by a rule (422) or for money (402)
  if (opts.apiKey && m === 'POST') [402, 422].forEach((s) => out.add(s));
  if (opts.rateLimited) out.add(429);
  return [...out].sort((a, b) => a - b);
}
