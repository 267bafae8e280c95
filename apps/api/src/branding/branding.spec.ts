import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrandInput } from '@smsc/shared-contract';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { brandsOf } from './index';

const HTML = { accept: 'text/html' };
// a 1×1 PNG
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const BRAND: BrandInput = {
  name: 'Nimbus Texts',
  primary_color: '#7A1F5C',
  mail_from_name: 'Nimbus Mail',
  mail_from_address: 'hello@nimbus.example',
  support_email: 'help@nimbus.example',
  support_phone: '+1 555 0100',
  legal_footer: 'Nimbus Texts Ltd, 1 Cloud Street',
  logo: PNG,
  favicon: PNG,
};

describe('brands (issue #48)', () => {
  let t: TestApp;
  let webRoot: string;
  const tok: Record<string, string> = {};
  const as = (who: string) => bearer(tok[who]);
  let demoReseller: string;
  let otherReseller: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'smsc-brand-web-'));
    mkdirSync(path.join(webRoot, 'shell'));
    writeFileSync(
      path.join(webRoot, 'shell/index.html'),
      '<!doctype html><html><head><meta name="theme-color" content="#1677ff" /><link\n rel="icon"\n href="data:x" />' +
        '<title>SMSC Console</title></head><body><div id="root"><div class="boot">Loading SMSC Console…</div></div></body></html>',
    );
    writeFileSync(path.join(webRoot, 'shell/sw.js'), '/* workbox precache */');
    t = await createTestApp({ webRoot });
    for (const who of ['admin', 'reseller', 'acme-admin', 'globex-admin'])
      tok[who] = await login(t.app, `${who}@example.com`);
    const resellers = await t.app.db.selectFrom('resellers').select(['reseller_uuid', 'reseller_name']).execute();
    demoReseller = resellers.find((r) => r.reseller_name === 'Demo Reseller')!.reseller_uuid;
    otherReseller = resellers.find((r) => r.reseller_name === 'Reseller 01')!.reseller_uuid;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('lets a reseller set only its own brand, which its companies read; a colour that fails contrast is refused', async () => {
    const pale = await t.app.inject({
      method: 'PUT',
      url: api('/brand'),
      headers: as('reseller'),
      payload: { ...BRAND, primary_color: '#ffd666' },
    });
    expect([pale.statusCode, pale.json().errors?.[0]?.field ?? pale.json().detail]).toEqual([
      400,
      expect.stringMatching(/primary_color/),
    ]);
    const saved = await t.app.inject({ method: 'PUT', url: api('/brand'), headers: as('reseller'), payload: BRAND });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ reseller_uuid: demoReseller, name: 'Nimbus Texts', primary_color: '#7a1f5c' });
    // another reseller's brand is out of reach, and a company may only read
    const other = await t.app.inject({
      method: 'PUT',
      url: api(`/brand?reseller_uuid=${otherReseller}`),
      headers: as('reseller'),
      payload: BRAND,
    });
    expect(other.statusCode).toBe(404);
    const byCompany = await t.app.inject({
      method: 'PUT',
      url: api('/brand'),
      headers: as('acme-admin'),
      payload: BRAND,
    });
    expect(byCompany.statusCode).toBe(403);
    // Acme is the Demo Reseller's company; Globex is the platform's own
    const acme = await t.app.inject({ url: api('/brand'), headers: as('acme-admin') });
    expect(acme.json()).toMatchObject({ name: 'Nimbus Texts', is_default: false, support_phone: '+1 555 0100' });
    const globex = await t.app.inject({ url: api('/brand'), headers: as('globex-admin') });
    expect(globex.json()).toMatchObject({ reseller_uuid: null, name: 'SMSC Console', is_default: true });
    // the system admin sets the platform's brand, which the direct company and brandless resellers then see
    const platform = await t.app.inject({
      method: 'PUT',
      url: api('/brand'),
      headers: as('admin'),
      payload: { ...BRAND, name: 'Operator One', primary_color: '#0b5394', logo: null, favicon: null },
    });
    expect(platform.statusCode).toBe(200);
    expect((await t.app.inject({ url: api('/brand'), headers: as('globex-admin') })).json().name).toBe('Operator One');
    const brandless = await t.app.inject({ url: api(`/brand?reseller_uuid=${otherReseller}`), headers: as('admin') });
    expect(brandless.json()).toMatchObject({ reseller_uuid: otherReseller, name: 'Operator One', is_default: true });
    // images are public (a login page shows them) and served from the row
    const logo = await t.app.inject({ url: acme.json().logo_url });
    expect([logo.statusCode, logo.headers['content-type'], logo.rawPayload.subarray(1, 4).toString()]).toEqual([
      200,
      'image/png',
      'PNG',
    ]);
  });

  it('verifies a domain through the DNS simulator, a resolver failure leaving it pending; another reseller never reaches it', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: api('/brand/domain'),
      headers: as('reseller'),
      payload: { host: 'sms.nimbus-texts.com' },
    });
    expect(add.statusCode).toBe(201);
    const domain = add.json();
    expect(domain).toMatchObject({ status: 'pending', txt_name: '_smsc-verify.sms.nimbus-texts.com' });
    const verify = () =>
      t.app.inject({ method: 'POST', url: api(`/brand/domain/${domain.domain_uuid}/verify`), headers: as('reseller') });
    expect((await verify()).json()).toMatchObject({ status: 'pending', last_check: 'No TXT record found yet' });
    const dns = brandsOf(t.app).simulator!;
    dns.fail(domain.txt_name);
    const down = await verify();
    expect([down.statusCode, down.json().code]).toEqual([503, 'unavailable']);
    dns.heal(domain.txt_name);
    dns.publish(domain.txt_name, domain.txt_value);
    expect((await verify()).json()).toMatchObject({ status: 'verified', verified_on: expect.any(String) });

    const taken = await t.app.inject({
      method: 'POST',
      url: api('/brand/domain'),
      headers: as('admin'),
      payload: { host: 'SMS.nimbus-texts.com', reseller_uuid: otherReseller },
    });
    expect(taken.statusCode).toBe(409);
    const others = await t.app.inject({
      method: 'POST',
      url: api('/brand/domain'),
      headers: as('admin'),
      payload: { host: 'texts.other.com', reseller_uuid: otherReseller },
    });
    const list = await t.app.inject({ url: api('/brand/domain/list'), headers: as('reseller') });
    expect(list.json().items.map((d: { host: string }) => d.host)).toEqual(['sms.nimbus-texts.com']);
    const reach = await t.app.inject({
      method: 'DELETE',
      url: api(`/brand/domain/${others.json().domain_uuid}`),
      headers: as('reseller'),
    });
    expect(reach.statusCode).toBe(404);
  });

  it("serves the console's HTML on a verified host in its reseller's brand, and elsewhere the build's page", async () => {
    const host = { ...HTML, host: 'sms.nimbus-texts.com' };
    for (const url of ['/', '/login', '/company-admin/users']) {
      const page = await t.app.inject({ url, headers: host });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Nimbus Texts</title>');
      expect(page.body).toContain('Loading Nimbus Texts…');
      expect(page.body).toContain('<meta name="theme-color" content="#7a1f5c" />');
      expect(page.body).toMatch(/<link rel="icon" href="\/api_smsc\/v1\/brand\/[0-9a-f-]+\/favicon\?v=\d+" \/>/);
      expect(page.body).not.toContain('SMSC Console');
      const meta = /<meta name="smsc-brand" content="([^"]+)"/.exec(page.body)![1].replace(/&quot;/g, '"');
      expect(JSON.parse(meta)).toMatchObject({ name: 'Nimbus Texts', primary_color: '#7a1f5c' });
    }
    // the operator's host keeps the build's page (prerendered, precached); its platform brand shows once signed in
    const elsewhere = await t.app.inject({ url: '/', headers: { ...HTML, host: 'console.operator.com' } });
    expect(elsewhere.body).toContain('<title>SMSC Console</title>');
    expect(elsewhere.body).not.toContain('smsc-brand');
    // a branded host's service worker removes itself: a precache would serve the build's unbranded pages
    const sw = await t.app.inject({ url: '/sw.js', headers: { host: 'sms.nimbus-texts.com' } });
    expect(sw.body).toContain('self.registration.unregister()');
    const ownSw = await t.app.inject({ url: '/sw.js', headers: { host: 'console.operator.com' } });
    expect(ownSw.body).toBe('/* workbox precache */');
    const hostBrand = await t.app.inject({ url: api('/brand/host'), headers: { host: 'sms.nimbus-texts.com' } });
    expect(hostBrand.json().name).toBe('Nimbus Texts');
  });

  it("titles the API docs on a verified host after its reseller's brand, and ours elsewhere", async () => {
    const on = (host: string, url: string) => t.app.inject({ url: api(url), headers: { ...HTML, host } });
    const page = await on('sms.nimbus-texts.com', '/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Nimbus Texts API</title>');
    expect(page.body).not.toContain('SMSC Console');
    const doc = await on('sms.nimbus-texts.com', '/docs/json');
    expect(doc.json().info.title).toBe('Nimbus Texts API');
    expect(doc.body).not.toContain('SMSC Console');
    expect((await on('sms.nimbus-texts.com', '/docs/yaml')).body).toContain('title: "Nimbus Texts API"\n');
    expect((await on('console.operator.com', '/docs/')).body).toContain('<title>SMSC Console API</title>');
    expect((await on('console.operator.com', '/docs/json')).json().info.title).toBe('SMSC Console API');
  });

  it("makes a sign-up on a reseller's host its company on its chosen plan, mailed from the brand's sender with its footer", async () => {
    // the reseller picks which of its products a self sign-up gets; its sign-up link is now its own host
    const { product_uuid: plan } = await t.app.db
      .selectFrom('products')
      .select('product_uuid')
      .where('product_name', '=', 'Reseller Standard')
      .executeTakeFirstOrThrow();
    const chosen = await t.app.inject({
      method: 'PUT',
      url: api('/signup_plan'),
      headers: as('reseller'),
      payload: { product_uuid: plan },
    });
    // on the port the public URL names (the same server answers the reseller's host there)
    const port = new URL(t.app.config.publicUrl).port;
    expect(port).not.toBe('');
    expect(chosen.json()).toMatchObject({
      product_uuid: plan,
      signup_url: `http://sms.nimbus-texts.com:${port}/registration`,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: api('/registration'),
      headers: { host: 'sms.nimbus-texts.com' },
      payload: { email: 'new@shop.example', password: 'brand-pass-123', full_name: 'New Shop', company_name: 'Shopco' },
    });
    expect(res.statusCode).toBe(201);
    const company = await t.app.db
      .selectFrom('companies')
      .select(['reseller_uuid', 'product_uuid'])
      .where('company_name', '=', 'Shopco')
      .executeTakeFirstOrThrow();
    expect(company).toEqual({ reseller_uuid: demoReseller, product_uuid: plan });
    const mail = await t.app.db
      .selectFrom('outbox')
      .select(['sender', 'body'])
      .where('recipient', '=', 'new@shop.example')
      .executeTakeFirstOrThrow();
    expect(mail.sender).toBe('"Nimbus Mail" <hello@nimbus.example>');
    expect(mail.body).toContain('http://sms.nimbus-texts.com/api_smsc/v1/registration/confirm/');
    expect(mail.body).toMatch(/--\nSupport: help@nimbus\.example · \+1 555 0100\nNimbus Texts Ltd, 1 Cloud Street$/);
    expect(mail.body).not.toContain('SMSC Console');
  });
});
