import { COMPANY_WEBHOOK_EVENTS } from '@smsc/shared-contract';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { accessWords, operationIdOf, problemStatusesOf, summaryOf } from './operations';

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
      "Signed-in callers: the system admin (every record), a company admin (its company's records), a reseller (its companies' records). A company API key (the X-Api-Key header) may call it too, on its company's records.",
    );
    expect(accessWords('public', false)).toMatch(/without signing in/);
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
    expect(send.security).toEqual([{ bearer: ['admin', 'company_admin', 'user', 'reseller'] }, { apiKey: [] }]);
    expect(send.responses['422']).toEqual({ $ref: '#/components/responses/Blocked' });
    expect(doc.paths['/api_smsc/v1/auth'].post.security).toEqual([]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
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
