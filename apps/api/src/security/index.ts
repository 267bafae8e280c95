import fp from 'fastify-plugin';
import { API_PREFIX } from '@smsc/shared-contract';
import { checkInput, checkValidated } from './input-guard';
import { checkBodyType } from './body-type';
import { pruneRateLimits } from './rate-limit-store';
import { depthLimited } from './json-depth';

export { audit, changedFields, recordAudit, type AuditActor } from './audit';
export {
  API_KEY_HEADER,
  apiKeyNameOf,
  apiKeysNamed,
  hasLiveKey,
  resolveKey,
  revokeKeysOf,
  scopeAllows,
  type ApiKeyNeed,
} from './api-keys';
export { errorForLog } from './log-safety';
export { auditEntriesHeld } from './personal-data';
export { cspDirectives } from './csp';
export { pgRateLimitStore } from './rate-limit-store';
export { challengeFor, issueSession } from './two-factor';

/**
 * Rules that hold for every route, including the ones other domains add later: input the database
 * cannot store and protected fields a route does not accept are refused with a 400 naming the field,
 * and so is a number that is not finite; a body of a media type the route does not declare is a 415, and a JSON
 * body nested deeper than JSON_MAX_DEPTH a 400 while it is read, before any parse or walk.
 */
export default fp(async (app) => {
  await pruneRateLimits(app.db);
  app.addHook('preParsing', async (req, _reply, payload) => {
    checkBodyType(req);
    return depthLimited(req, payload);
  });
  app.addHook('preValidation', async (req) => checkInput(req));
  app.addHook('preHandler', async (req) => checkValidated(req));
  // API answers hold account and tenant data: no browser, proxy or shared cache may keep them (also
  // errors and 404s under the prefix). The console's pages and scripts keep their own caching, including
  // the confirmation page the shell serves at an API address.
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith(`${API_PREFIX}/`) && req.url !== API_PREFIX) return;
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return;
    if (!String(reply.getHeader('cache-control') ?? '').includes('no-store')) reply.header('cache-control', 'no-store');
  });
});
