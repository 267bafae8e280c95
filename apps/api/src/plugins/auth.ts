import fp from 'fastify-plugin';
import { API_PREFIX, READ_ONLY_REFUSAL } from '@smsc/shared-contract';
import { verifyToken } from '../lib/tokens';
import { HttpError, forbidden } from '../lib/http-error';
import type { AccessLevel, AuthUser, AccessPolicy } from '../lib/access';
import { API_KEY_HEADER, resolveKey, scopeAllows } from '../security';

export interface RouteEntry {
  method: string;
  url: string;
  access: AccessPolicy;
  /** a POST that changes nothing: a read-only login may call it */
  readsOnly?: boolean;
  /** takes HTTP Basic credentials only (twilio-compat): a session's bearer token is refused with 401 */
  basicApiKey?: boolean;
}
declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the call takes HTTP Basic (user: an AccountSid, password: a company API key) and nothing else: twilio-compat */
    basicApiKey?: boolean;
  }
  interface FastifyRequest {
    /** the user name of HTTP Basic credentials (config.basicApiKey routes): the route checks it */
    basicUser?: string;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `Authorization: Basic base64(user:password)` as its two parts; undefined when absent or malformed. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]{1,1000})\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 1) return undefined;
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/**
 * A read-only login reads what its role reads and changes nothing but its own account: every other write is
 * refused here, in one place, whichever route it aims at. Its own account is the routes where its level is
 * 'own' (sign-out, password, two-factor); a POST that only reads (a search, a price preview) says so with
 * `config.readsOnly`.
 */
export function mayWriteReadOnly(method: string, level: AccessLevel, config: { readsOnly?: boolean }): boolean {
  return READS.has(method) || level === 'own' || config.readsOnly === true;
}

/**
 * Runs at onRequest (before body validation) so an unauthorised caller learns nothing about the
 * route's input schema. Routes without `access` are non-API (static files) and pass through.
 */
export default fp(async (app) => {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('level', 'none' as AccessLevel);
  // The route table (captured below) drives the authorization matrix test and docs.
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    // The Twilio-compatible calls (config.basicApiKey) take only HTTP Basic: the AccountSid as the user name (checked
    // by the route against the key's company), a company API key as the password; then the key's rules below apply.
    const basic = req.routeOptions.config.basicApiKey ? basicCredentials(req.headers.authorization) : undefined;
    if (req.routeOptions.config.basicApiKey && !basic)
      throw new HttpError(401, 'Send the AccountSid and a company API key as HTTP Basic credentials');
    if (basic) req.basicUser = basic.user;
    const apiKey = basic ? basic.password : req.headers[API_KEY_HEADER];
    if (apiKey !== undefined) {
      // A company API key is a narrow door: only the calls marked config.apiKey open it, each to the scopes it names.
      const need = req.routeOptions.config.apiKey;
      if (!need)
        throw new HttpError(
          401,
          'An API key is accepted by the sending calls and, with the read or manage scope, the calls listed in the API docs only',
        );
      const owner = typeof apiKey === 'string' ? await resolveKey(app.db, apiKey.trim()) : null;
      const row = owner ? await app.users.findById(owner.created_by) : null;
      // The key acts as its creator as the creator is now, read on every call: a creator demoted to
      // company user narrows the key to a company user's reach; one deactivated, deleted (the key
      // goes with it), moved to another company or no longer a company account stops it.
      const live =
        owner &&
        row &&
        row.is_active &&
        row.company_uuid === owner.company_uuid &&
        (row.user_type === 'company_admin' || row.user_type === 'user');
      if (!live) throw new HttpError(401, 'The API key is not valid or was revoked');
      if (!scopeAllows(owner.scopes, need))
        throw forbidden(
          `This API key may ${owner.scopes.join(', ')}; this call needs ${need === true ? 'send' : [need].flat().join(' or ')}: create a key with that scope`,
        );
      req.user = {
        uuid: row.uuid,
        email: row.email,
        user_type: row.user_type,
        company_uuid: owner.company_uuid,
        reseller_uuid: null,
        jti: `api-key:${owner.api_key_uuid}`,
        exp: 0,
        api_key_uuid: owner.api_key_uuid,
        sandbox: owner.sandbox,
      };
      req.level = access[row.user_type];
      if (req.level === 'none') throw forbidden(req.routeOptions.config.refusal);
      return;
    }
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const claims = token ? verifyToken(app.config.jwtSecret, token) : null;
    const session = claims ? await app.users.session(claims.jti, claims.sub) : null;
    if (!claims || !session || session.revoked) throw new HttpError(401, 'Not signed in or the session expired');
    const row = session.user;
    if (!row || !row.is_active) throw new HttpError(401, 'Account is not active');
    const olderThanPassword = row.password_changed_at && !(claims.iat * 1000 >= row.password_changed_at.getTime());
    if (olderThanPassword && claims.jti !== row.password_change_jti) {
      throw new HttpError(401, 'The password was changed; sign in again');
    }
    const beforeCutoff = row.sessions_valid_from && !(claims.iat * 1000 >= row.sessions_valid_from.getTime());
    if (beforeCutoff && claims.jti !== row.sessions_keep_jti) {
      throw new HttpError(401, 'Two-factor sign-in was turned on; sign in again');
    }
    req.user = {
      uuid: row.uuid,
      email: row.email,
      user_type: row.user_type,
      company_uuid: row.company_uuid,
      reseller_uuid: row.reseller_uuid,
      jti: claims.jti,
      exp: claims.exp,
      ...(row.reseller_role === 'read_only' ? { read_only: true } : {}),
    };
    req.level = access[row.user_type];
    if (req.level === 'none') throw forbidden(req.routeOptions.config.refusal);
    if (row.reseller_role === 'read_only' && !mayWriteReadOnly(req.method, req.level, req.routeOptions.config))
      throw new HttpError(
        403,
        'Your login is read-only: an admin of your reseller can make this change',
        {},
        READ_ONLY_REFUSAL,
      );
  });

  // Refuse to start when an API route forgot to declare who may call it.
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith(API_PREFIX) || url.startsWith(`${API_PREFIX}/docs`)) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${url} has no access policy in config.access`);
    table.push({
      method: ([] as string[]).concat(route.method).join(','),
      url,
      access: route.config.access,
      ...(route.config.readsOnly ? { readsOnly: true } : {}),
      ...(route.config.basicApiKey ? { basicApiKey: true } : {}),
    });
  });
});
