import { API_KEY_SCOPES, COMPANY_WEBHOOK_EVENTS } from '@smsc/shared-contract';
import { api, createTestApp, type TestApp } from '../../testing/test-app';
import { scopeAllows } from '../../security';
import { accessWords, apiKeyScopesOf, operationIdOf, problemStatusesOf, summaryOf } from './operations';

type Op = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string }>;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Op>>;
  webhooks: Record<string, { post: Op & { parameters: { name: string; in: string }[] } }>;
  components: { securitySchemes: Record<string, { type: string; name?: string; in?: string }>; responses: object };
};

describe('operation words from the route', () => {
  it('derives a unique id, a summary and who may call it', () => {
    expect(operationIdOf('GET', '/api_smsc/v1/company/:id')).toBe('getCompanyById');
    expect(operationIdOf('POST', '/api_smsc/v1/campaign/{id}/run')).toBe('postCampaignByIdRun');
    expect(operationIdOf('GET', '/api_smsc/v1/sms_template/list')).toBe('getSmsTemplateList');
    expect(summaryOf('GET', '/api_smsc/v1/did/list')).toBe('List number');
    expect(summaryOf('POST', '/api_smsc/v1/campaign/{id}/run')).toBe('Run campaign');
    expect(summaryOf('DELETE', '/api_smsc/v1/keyword/{id}')).toBe('Delete keyword by id');
    expect(summaryOf('POST', '/api_smsc/v1/sms')).toBe('Send one SMS');
    const access = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' } as const;
    expect(accessWords(access, true)).toBe(
      "Signed-in callers: the system admin (every record), a company admin (its company's records), a reseller (its companies' records). A company API key (the X-Api-Key header) with the send scope may call it too, on its company's records.",
    );
    expect(accessWords(access, 'read')).toMatch(/API key \(the X-Api-Key header\) with the read or manage scope may/);
    expect(accessWords(access, undefined)).not.toMatch(/API key/);
    expect(accessWords('public', undefined)).toMatch(/without signing in/);
  });
  it("names the key scopes that open a call, any one of them (manage includes read, as the auth hook's check)", () => {
    expect(apiKeyScopesOf(undefined)).toEqual([]);
    expect(apiKeyScopesOf(true)).toEqual(['send']);
    expect(apiKeyScopesOf('manage')).toEqual(['manage']);
    expect(apiKeyScopesOf('read')).toEqual(['read', 'manage']);
    expect(apiKeyScopesOf(['send', 'read'])).toEqual(['send', 'read', 'manage']);
    for (const need of [true, 'send', 'read', 'manage', ['send', 'read']] as const)
      for (const scope of API_KEY_SCOPES)
        expect([need, scope, apiKeyScopesOf(need).includes(scope)]).toEqual([need, scope, scopeAllows([scope], need)]);
  });
  it('names the problems a call may answer', () => {
    const base = { access: 'public' as const, apiKey: false, rateLimited: false };
    expect(problemStatusesOf({ ...base, method: 'GET', url: '/api_smsc/v1/country/list' })).toEqual([400, 500]);
    const send = { ...base, access: { admin: 'all' } as never, apiKey: true, method: 'POST', url: '/api_smsc/v1/sms' };
    expect(problemStatusesOf(send)).toEqual([400, 401, 402, 403, 409, 413, 415, 422, 500]);
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    doc = t.app.swagger() as unknown as Doc;
  }, 240_000);
  afterAll(async () => t.close());

  it('gives every operation an id, words, tags, security and its problems', () => {
    const ids = new Set<string>();
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([m, op]) => ({ path, m, op })),
    );
    expect(doc.openapi).toBe('3.1.0');
    expect(ops.length).toBeGreaterThan(200);
    for (const { path, m, op } of ops) {
      const where = `${m.toUpperCase()} ${path}`;
      expect([where, typeof op.operationId, !!op.summary, !!op.description, op.tags?.length]).toEqual([
        where,
        'string',
        true,
        true,
        expect.any(Number),
      ]);
      expect(ids.has(op.operationId as string)).toBe(false);
      ids.add(op.operationId as string);
      expect([where, Array.isArray(op.security)]).toEqual([where, true]);
      const problems = Object.entries(op.responses).filter(([s]) => /^[45]/.test(s));
      expect([where, problems.some(([s]) => s.startsWith('4'))]).toEqual([where, true]);
      for (const [, r] of problems) expect(r.$ref).toMatch(/^#\/components\/responses\//);
    }
    const send = doc.paths['/api_smsc/v1/sms'].post;
    expect(send.security).toEqual([{ bearer: ['admin', 'company_admin', 'user', 'reseller'] }, { apiKey: ['send'] }]);
    expect(send.responses['422']).toEqual({ $ref: '#/components/responses/Blocked' });
    expect(doc.paths['/api_smsc/v1/auth'].post.security).toEqual([]);
    // a key's requirements are the scopes that open the call, one requirement each
    const keyScopes = (op: Op, scheme: string) => op.security?.filter((r) => scheme in r).map((r) => r[scheme]);
    expect(keyScopes(doc.paths['/api_smsc/v1/sms/{id}'].get, 'apiKey')).toEqual([['send'], ['read'], ['manage']]);
    expect(keyScopes(doc.paths['/api_smsc/v1/webhook/list'].get, 'apiKey')).toEqual([['read'], ['manage']]);
    expect(keyScopes(doc.paths['/api_smsc/v1/webhook'].post, 'apiKey')).toEqual([['manage']]);
    expect(keyScopes(doc.paths['/api_smsc/v1/company/list'].get, 'apiKey')).toEqual([]);
    const twilio = doc.paths['/api_smsc/v1/2010-04-01/Accounts/{AccountSid}/Messages.json'];
    expect(twilio.post.security).toEqual([{ twilioBasic: ['send'] }]);
    expect(twilio.get.security).toEqual([
      { twilioBasic: ['send'] },
      { twilioBasic: ['read'] },
      { twilioBasic: ['manage'] },
    ]);
    for (const { path, m, op } of ops)
      for (const r of op.security ?? [])
        for (const scheme of ['apiKey', 'twilioBasic'].filter((x) => x in r))
          expect([
            `${m.toUpperCase()} ${path}`,
            r[scheme].length,
            API_KEY_SCOPES.includes(r[scheme][0] as never),
          ]).toEqual([`${m.toUpperCase()} ${path}`, 1, true]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  });

  it('serves the code samples on its docs page: sending, status and webhook verification in curl, Node and Python', async () => {
    const page = await t.app.inject({ url: api('/docs/') });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/html/)]);
    // the page renders the served document, whose description carries the samples (Markdown)
    const served = await t.app.inject({ url: api('/docs/json') });
    const text = (served.json() as { info: { description: string } }).info.description;
    const sections = Object.fromEntries(
      text
        .split(/^### /m)
        .slice(1)
        .map((s) => [s.slice(0, s.indexOf('\n')), s]),
    );
    const fences = (section: string) => [...(sections[section] ?? '').matchAll(/^```(\w+)$/gm)].map((m) => m[1]).sort();
    expect(fences('Send an SMS and read its status')).toEqual(['bash', 'js', 'python']);
    expect(fences('Verify a webhook')).toEqual(['bash', 'js', 'python']);
    // each language sends and reads the status: POST /sms, then GET /sms/{id}
    for (const block of (sections['Send an SMS and read its status'] as string).split(/^```\w+$/m).slice(1)) {
      expect(block).toMatch(/\/sms\b/);
      expect(block).toMatch(/\/sms\/(\$SMS_UUID|\$\{sms\.sms_uuid\}|\{sms\['sms_uuid'\]\})/);
      expect(block).toMatch(/"dnis"|dnis:/);
    }
    for (const block of (sections['Verify a webhook'] as string).split(/^```\w+$/m).slice(1))
      expect(block).toMatch(/webhook-signature|WEBHOOK_ID|verify\(/);
    expect(sections['Try it in the sandbox']).toContain('+15005550100');
  });

  it('describes every company webhook event with the Standard Webhooks headers', () => {
    for (const type of [...COMPANY_WEBHOOK_EVENTS, 'webhook.test', 'webhook.batch']) {
      const hook = doc.webhooks[type]?.post;
      expect([type, hook?.parameters.map((p) => `${p.in} ${p.name}`)]).toEqual([
        type,
        ['header webhook-id', 'header webhook-timestamp', 'header webhook-signature'],
      ]);
    }
  });
});
