import { loadEnv } from '../config/read-env';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { companyNamed, fundCompany, resellerWithLogin } from '../testing/fixtures';
import { balanceOf } from '../billing';
import { complianceOf } from '.';

type H = Record<string, string>;

const brandBody = (over: object = {}) => ({
  kind: 'brand_10dlc',
  name: 'Acme Brand',
  details: {
    legal_name: 'Acme Inc',
    tax_id: '12-3456789',
    website: 'https://acme.example',
    vertical: 'Retail',
    contact_email: 'legal@acme.example',
  },
  ...over,
});
const campaignBody = (brand_uuid: string, samples = ['Acme: your order shipped. Reply STOP to opt out']) => ({
  kind: 'campaign_10dlc',
  name: 'Order updates',
  brand_uuid,
  details: {
    use_case: 'Account notifications',
    description: 'Order and delivery updates',
    sample_messages: samples,
    opt_in_flow: 'Customers tick a box at checkout',
    monthly_volume: 5000,
  },
});

/** a problem's field errors by field (docs/api-errors.md) */
const fieldsOf = (problem: { errors?: { field: string; detail: string }[] }) =>
  Object.fromEntries((problem.errors ?? []).map((e) => [e.field, e.detail]));

describe('compliance filings (API)', () => {
  let t: TestApp;
  let admin: H;
  let reseller: H;
  let acme: H;
  let user: H;
  let globex: H;
  let acmeCo: string;
  let globexCo: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...loadEnv(), COMPLIANCE_SIM_REVIEW_SECONDS: 0 } });
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    user = bearer(await login(t.app, 'acme-user@example.com'));
    globex = bearer(await login(t.app, 'globex-admin@example.com'));
    acmeCo = await companyNamed(t.app, 'Acme');
    globexCo = await companyNamed(t.app, 'Globex');
  }, 300_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: H, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const filing = async (id: string, as: H = admin) => (await call('GET', `/compliance/filing/${id}`, as)).json().filing;
  /** waits for the review job (COMPLIANCE_SIM_REVIEW_SECONDS 0: the job queue's next poll) */
  const decided = async (id: string) => {
    for (let i = 0; i < 100; i++) {
      const f = await filing(id);
      if (f.status !== 'in_review') return f;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`filing ${id} stayed in review`);
  };
  const approvedBrand = async (as: H, company_uuid?: string) => {
    const made = await call('POST', '/compliance/filing', as, brandBody(company_uuid ? { company_uuid } : {}));
    expect(made.statusCode).toBe(201);
    const id = made.json().filing.filing_uuid;
    expect((await call('POST', `/compliance/filing/${id}/submit`, as)).statusCode).toBe(200);
    expect((await decided(id)).status).toBe('approved');
    return id as string;
  };

  it('each role reaches the filings of its own scope only', async () => {
    const mine = (await call('POST', '/compliance/filing', acme, brandBody())).json().filing;
    expect(mine).toMatchObject({ status: 'draft', company_uuid: acmeCo, reviewer: 'registry' });
    expect(mine.history).toEqual([expect.objectContaining({ status: 'draft', actor: 'acme-admin@example.com' })]);
    // a company admin files only for its own company
    expect((await call('POST', '/compliance/filing', acme, brandBody({ company_uuid: globexCo }))).statusCode).toBe(
      403,
    );
    // the reseller files for its company (Acme), not for the platform's direct company (Globex)
    expect((await call('POST', '/compliance/filing', reseller, brandBody({ company_uuid: acmeCo }))).statusCode).toBe(
      201,
    );
    expect((await call('POST', '/compliance/filing', reseller, brandBody({ company_uuid: globexCo }))).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/compliance/filing', reseller, brandBody())).statusCode).toBe(400);
    const theirs = (await call('POST', '/compliance/filing', admin, brandBody({ company_uuid: globexCo }))).json()
      .filing;
    // reading: admin all, reseller its companies', company admin its own, company user none
    expect((await call('GET', `/compliance/filing/${mine.filing_uuid}`, reseller)).statusCode).toBe(200);
    expect((await call('GET', `/compliance/filing/${theirs.filing_uuid}`, reseller)).statusCode).toBe(404);
    expect((await call('GET', `/compliance/filing/${theirs.filing_uuid}`, acme)).statusCode).toBe(404);
    expect((await call('GET', `/compliance/filing/${mine.filing_uuid}`, globex)).statusCode).toBe(404);
    expect((await call('PATCH', `/compliance/filing/${mine.filing_uuid}`, globex, { name: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `/compliance/filing/${mine.filing_uuid}/submit`, globex)).statusCode).toBe(404);
    expect((await call('GET', '/compliance/filing', user)).statusCode).toBe(403);
    const listed = async (as: H) =>
      (await call('GET', '/compliance/filing?per_page=100', as))
        .json()
        .items.map((f: { company_uuid: string }) => f.company_uuid);
    expect(new Set(await listed(acme))).toEqual(new Set([acmeCo]));
    expect(new Set(await listed(reseller))).toEqual(new Set([acmeCo]));
    expect(new Set(await listed(admin))).toEqual(new Set([acmeCo, globexCo]));
    // another reseller sees none of it
    const other = await resellerWithLogin(t.app, { name: 'Other R', email: 'other-r@example.com', company: 'OtherCo' });
    expect(await listed(other.headers)).toEqual([]);
    expect((await call('GET', `/compliance/filing/${mine.filing_uuid}`, other.headers)).statusCode).toBe(404);
    // only the system admin reviews and sets enforcement
    expect(
      (await call('POST', `/compliance/filing/${mine.filing_uuid}/review`, reseller, { decision: 'approve' }))
        .statusCode,
    ).toBe(403);
    expect((await call('PUT', '/compliance/settings', acme, { enforcement: true })).statusCode).toBe(403);
  });

  it('moves draft → in review → rejected with the reason → edited → resubmitted → approved, each move in the history and the audit log', async () => {
    const brand = await approvedBrand(acme);
    const made = (await call('POST', '/compliance/filing', acme, campaignBody(brand, ['Your order shipped']))).json()
      .filing;
    const id = made.filing_uuid;
    // an incomplete filing is refused with the fields it lacks
    const bare = (
      await call('POST', '/compliance/filing', acme, { kind: 'campaign_10dlc', name: 'x', details: {} })
    ).json().filing;
    const incomplete = await call('POST', `/compliance/filing/${bare.filing_uuid}/submit`, acme);
    expect(incomplete.statusCode).toBe(400);
    expect(fieldsOf(incomplete.json())).toMatchObject({
      brand_uuid: expect.any(String),
      'details.opt_in_flow': 'Required',
    });

    const sent = await call('POST', `/compliance/filing/${id}/submit`, acme);
    expect(sent.json().filing).toMatchObject({ status: 'in_review', registry_ref: expect.stringMatching(/^SIM-/) });
    // nothing can be edited while in review
    expect((await call('PATCH', `/compliance/filing/${id}`, acme, { name: 'Other' })).statusCode).toBe(409);
    const rejected = await decided(id);
    expect(rejected).toMatchObject({
      status: 'rejected',
      status_reason: expect.stringMatching(/Reply STOP to opt out/),
    });

    const edited = await call('PATCH', `/compliance/filing/${id}`, acme, {
      details: { ...made.details, sample_messages: ['Acme: your order shipped. Reply STOP to opt out'] },
    });
    expect(edited.statusCode).toBe(200);
    expect((await call('POST', `/compliance/filing/${id}/submit`, acme)).json().filing.status).toBe('in_review');
    const approved = await decided(id);
    expect(approved).toMatchObject({ status: 'approved', status_reason: null, expires_on: expect.any(String) });
    expect(approved.history.map((e: { status: string }) => e.status)).toEqual([
      'draft',
      'submitted',
      'in_review',
      'rejected',
      'edited',
      'submitted',
      'in_review',
      'approved',
    ]);
    // approved: no more edits; the audit log holds the moves, the registry's with no actor
    expect((await call('POST', `/compliance/filing/${id}/submit`, acme)).statusCode).toBe(409);
    const log = (await call('GET', `/audit/list?entity=compliance_filing&entity_id=${id}&per_page=100`, admin)).json()
      .items as { action: string; actor_email: string | null; changes: Record<string, { after: unknown }> }[];
    const statuses = log.map((e) => e.changes.status?.after).filter(Boolean);
    expect(statuses).toEqual(expect.arrayContaining(['in_review', 'rejected', 'approved']));
    expect(log.find((e) => e.changes.status?.after === 'approved')?.actor_email).toBeNull();
  });

  it('a campaign cannot be submitted before its brand is approved', async () => {
    const brand = (await call('POST', '/compliance/filing', acme, brandBody())).json().filing.filing_uuid;
    const c = (await call('POST', '/compliance/filing', acme, campaignBody(brand))).json().filing.filing_uuid;
    const res = await call('POST', `/compliance/filing/${c}/submit`, acme);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json()).brand_uuid).toMatch(/must be approved/);
    // and a brand of another company cannot be named
    const theirs = (await call('POST', '/compliance/filing', admin, brandBody({ company_uuid: globexCo }))).json()
      .filing;
    expect((await call('POST', '/compliance/filing', acme, campaignBody(theirs.filing_uuid))).statusCode).toBe(404);
  });

  it('a sender ID the platform approves waits for the system admin, who must give a reason to reject', async () => {
    const made = await call('POST', '/compliance/filing', reseller, {
      kind: 'sender_id',
      company_uuid: acmeCo,
      name: 'ACME for Singapore',
      country: 'SG',
      sender_id: 'ACME',
      details: {
        legal_name: 'Acme Pte',
        use_case: 'One-time codes',
        sample_messages: ['Your code is 1234'],
        country_fields: { uen: '201912345K' },
        documents: { 'ACRA business profile': 'acra-2026.pdf' },
      },
    });
    expect(made.json().filing.reviewer).toBe('platform');
    const id = made.json().filing.filing_uuid;
    expect((await call('POST', `/compliance/filing/${id}/submit`, reseller)).json().filing.status).toBe('in_review');
    expect((await call('POST', `/compliance/filing/${id}/review`, admin, { decision: 'reject' })).statusCode).toBe(400);
    const r = await call('POST', `/compliance/filing/${id}/review`, admin, {
      decision: 'reject',
      reason: 'The UEN belongs to another company',
    });
    expect(r.json().filing).toMatchObject({ status: 'rejected', status_reason: 'The UEN belongs to another company' });
    // a registry-reviewed filing is not the admin's to decide
    const brand = (await call('POST', '/compliance/filing', acme, brandBody())).json().filing.filing_uuid;
    await call('POST', `/compliance/filing/${brand}/submit`, acme);
    expect((await call('POST', `/compliance/filing/${brand}/review`, admin, { decision: 'approve' })).statusCode).toBe(
      409,
    );
  });

  it('a registry outage leaves the filing as it was, with a 503 saying to try again', async () => {
    const id = (await call('POST', '/compliance/filing', acme, brandBody({ name: 'Outage Brand' }))).json().filing
      .filing_uuid;
    const res = await call('POST', `/compliance/filing/${id}/submit`, acme);
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toMatch(/try again/);
    expect((await filing(id)).status).toBe('draft');
  });

  it('with enforcement on, an unregistered US long code is refused before any charge, with what to file; attached to an approved campaign it sends', async () => {
    await fundCompany(t.app, acmeCo, 10_000_000n);
    expect((await call('PUT', '/compliance/settings', admin, { enforcement: true })).json()).toEqual({
      enforcement: true,
    });
    const before = await balanceOf(t.app.db, { company_uuid: acmeCo });
    const send = () => call('POST', '/sms', acme, { ani: '+14155553303', dnis: '+13125550111', text: 'Hello' });
    const refused = await send();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/not on an approved 10DLC campaign.*File a 10DLC brand and campaign/);
    const blocked = await t.app.db
      .selectFrom('sms')
      .select(['status', 'block_reason', 'price'])
      .where('ani', '=', '+14155553303')
      .executeTakeFirstOrThrow();
    expect(blocked).toMatchObject({ status: 'blocked', block_reason: 'sender_unregistered' });
    expect((await balanceOf(t.app.db, { company_uuid: acmeCo })).available).toBe(before.available);
    // the quote says so too, and to a country that needs no registration the sender is fine
    const q = await call('POST', '/sms/quote', acme, { text: 'Hello', dnis: '+13125550111', ani: '+14155553303' });
    expect(q.json()).toMatchObject({
      reason: 'sender_unregistered',
      registration: { state: 'unregistered', enforced: true },
    });
    const abroad = await call('POST', '/sms/quote', acme, {
      text: 'Hello',
      dnis: '+4915112345678',
      ani: '+14155553303',
    });
    expect(abroad.json().registration.state).toBe('not_required');

    // numbers attach only to an approved campaign, and only the company's own
    const brand = await approvedBrand(acme);
    const c = (await call('POST', '/compliance/filing', acme, campaignBody(brand))).json().filing.filing_uuid;
    const did = await t.app.db
      .selectFrom('dids')
      .select('did_uuid')
      .where('did', '=', '+14155553303')
      .executeTakeFirstOrThrow();
    expect((await call('POST', `/compliance/filing/${c}/numbers`, acme, { did_uuid: did.did_uuid })).statusCode).toBe(
      409,
    );
    await call('POST', `/compliance/filing/${c}/submit`, acme);
    expect((await decided(c)).status).toBe('approved');
    const globexDid = await t.app.db
      .selectFrom('dids')
      .select('did_uuid')
      .where('company_uuid', '=', globexCo)
      .executeTakeFirstOrThrow();
    expect(
      (await call('POST', `/compliance/filing/${c}/numbers`, acme, { did_uuid: globexDid.did_uuid })).statusCode,
    ).toBe(404);
    const attached = await call('POST', `/compliance/filing/${c}/numbers`, acme, { did_uuid: did.did_uuid });
    expect(attached.json().filing.numbers).toEqual([{ did_uuid: did.did_uuid, did: '+14155553303' }]);
    const ok = await send();
    expect(ok.statusCode).toBe(201);
    const q2 = await call('POST', '/sms/quote', acme, { text: 'Hello', dnis: '+13125550111', ani: '+14155553303' });
    expect(q2.json().registration).toMatchObject({ state: 'registered' });
    // enforcement off: an unregistered sender goes as before
    await call('PUT', '/compliance/settings', admin, { enforcement: false });
    const free = await call('POST', '/sms', acme, { ani: '+12125552302', dnis: '+13125550112', text: 'Hi' });
    expect(free.statusCode).toBe(201);
  });

  it('the renewal job reminds 30 days ahead once, and expires what lapsed, which may then be resubmitted', async () => {
    const id = await approvedBrand(acme);
    const soon = new Date(Date.now() + 10 * 86_400_000);
    await t.app.db.updateTable('compliance_filings').set({ expires_on: soon }).where('filing_uuid', '=', id).execute();
    const svc = complianceOf(t.app);
    expect((await svc.renewals()).reminded).toBeGreaterThanOrEqual(1);
    expect((await filing(id)).renewal_due).toBe(true);
    await svc.renewals();
    const events = (await filing(id)).history.filter((e: { status: string }) => e.status === 'renewal_due');
    expect(events).toHaveLength(1);
    await svc.renewals(new Date(soon.getTime() + 1000));
    const lapsed = await filing(id);
    expect(lapsed.status).toBe('expired');
    // an expired filing may be resubmitted (renewed)
    expect((await call('POST', `/compliance/filing/${id}/submit`, acme)).json().filing.status).toBe('in_review');
  });
});
