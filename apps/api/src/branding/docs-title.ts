// The API docs (Swagger UI at /api_smsc/v1/docs) on a reseller's verified host name the API after the reseller's
// brand: the page's <title> and the document's info.title, which the page shows as its heading (issue #48).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import { apiOf } from '../lib/api-context';

/** The API's own title (the OpenAPI document's and the docs page's) under the built-in brand. */
export const API_TITLE = 'SMSC Console API';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The docs' text with our title put in the brand's, written as the answer's format writes a string. */
export function retitle(body: string, url: string, brandName: string): string {
  const title = `${brandName} API`;
  if (url.endsWith('/json')) return body.split(JSON.stringify(API_TITLE)).join(JSON.stringify(title));
  if (url.endsWith('/yaml')) return body.split(`title: ${API_TITLE}\n`).join(`title: ${JSON.stringify(title)}\n`);
  return body.split(`<title>${API_TITLE}</title>`).join(`<title>${escapeHtml(title)}</title>`);
}

/**
 * An onSend hook, added before the docs' routes are registered (they inherit it): the docs' page, JSON and YAML on
 * a verified host in its reseller's brand. Other hosts, and the static files (streams), pass untouched.
 */
export function brandedDocs(app: FastifyInstance) {
  const docs = `${API_PREFIX}/docs`;
  return async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const url = req.url.split('?')[0];
    if (typeof payload !== 'string' || (url !== docs && !url.startsWith(`${docs}/`))) return payload;
    const host = await apiOf(app).brands.forHost(req.hostname);
    return host.reseller_uuid ? retitle(payload, url, host.brand.name) : payload;
  };
}
