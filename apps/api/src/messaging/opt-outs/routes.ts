// The console's opt-out settings (docs/opt-outs.md): a company's scope and campaign limit, its STOP/HELP/START
// words and replies per language, and the consent evidence kept for a number. A company admin edits its own; the
// system admin and resellers name a company they manage; company users see none of it.
import type { FastifyInstance } from 'fastify';
import {
  ConsentEvent,
  ConsentEventListQuery,
  ListPage,
  OptOutCompanyQuery,
  OptOutKeywordSetBody,
  OptOutKeywordSetList,
  OptOutKeywordSetPayload,
  OptOutLanguageParam,
  OptOutSettingsBody,
  OptOutSettingsPayload,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import type { AccessPolicy } from '../../lib/access';
import { HttpError } from '../../lib/http-error';
import { ofCompany, rowsOf } from '../../lib/tenancy';
import { parseDnis } from '../../catalog';
import { audit } from '../../security';
import { companyOf } from './company-of';
import { keywordSetsOf, listConsentEvents, policyOf, writeKeywordSet, writePolicy } from './store';
import { accountsRepository } from '../../accounts';

const tags = ['messaging'];
const access = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' } satisfies AccessPolicy;

export default async function optOutRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const settingsOf = async (company_uuid: string) => ({ company_uuid, ...(await policyOf(app.db, company_uuid)) });

  app.get(
    '/opt_out_settings',
    { config: { access }, schema: { tags, querystring: OptOutCompanyQuery, response: { 200: OptOutSettingsPayload } } },
    async (req) => ({
      opt_out_settings: await settingsOf(await companyOf(req, req.query.company_uuid, 'the company to read')),
    }),
  );

  app.put(
    '/opt_out_settings',
    { config: { access }, schema: { tags, body: OptOutSettingsBody, response: { 200: OptOutSettingsPayload } } },
    async (req) => {
      const company_uuid = await companyOf(req, req.body.company_uuid, 'the company to set');
      const before = await settingsOf(company_uuid);
      const b = req.body;
      const set = {
        opt_out_scope: b.scope ?? before.scope,
        campaign_limit_percent: b.campaign_limit_percent ?? before.campaign_limit_percent,
        campaign_min_sent: b.campaign_min_sent ?? before.campaign_min_sent,
        country_languages: JSON.stringify(b.country_languages ?? before.country_languages),
      };
      await writePolicy(app.db, company_uuid, set);
      const after = await settingsOf(company_uuid);
      await audit(req, 'opt_out_settings', company_uuid, before, after);
      return { opt_out_settings: after };
    },
  );

  app.get(
    '/opt_out_keyword/list',
    { config: { access }, schema: { tags, querystring: OptOutCompanyQuery, response: { 200: OptOutKeywordSetList } } },
    async (req) => {
      const company_uuid = await companyOf(req, req.query.company_uuid, 'the company to read');
      return { company_uuid, items: Object.values(await keywordSetsOf(app.db, company_uuid)) };
    },
  );

  app.put(
    '/opt_out_keyword/:language',
    {
      config: { access },
      schema: {
        tags,
        params: OptOutLanguageParam,
        body: OptOutKeywordSetBody,
        response: { 200: OptOutKeywordSetPayload },
      },
    },
    async (req) => {
      const company_uuid = await companyOf(req, req.body.company_uuid, 'the company to set');
      const { language } = req.params;
      const b = req.body;
      const words = (w: string[] | null | undefined) => {
        const clean = [...new Set((w ?? []).map((x) => x.trim().replace(/\s+/g, ' ').toUpperCase()).filter(Boolean))];
        return clean.length ? JSON.stringify(clean) : null;
      };
      const text = (t: string | null | undefined) => t?.trim() || null;
      const set = {
        stop_words: words(b.stop_words),
        help_words: words(b.help_words),
        start_words: words(b.start_words),
        stop_reply: text(b.stop_reply),
        help_reply: text(b.help_reply),
        start_reply: text(b.start_reply),
        updated_on: new Date(),
      };
      const stops = new Set(JSON.parse(set.stop_words ?? '[]') as string[]);
      const clash = (JSON.parse(set.start_words ?? '[]') as string[]).find((w) => stops.has(w));
      if (clash) throw new HttpError(400, `start_words: ${clash} is also a STOP word; a word may do one thing`);
      const before = (await keywordSetsOf(app.db, company_uuid))[language];
      await writeKeywordSet(app.db, company_uuid, language, set);
      const after = (await keywordSetsOf(app.db, company_uuid))[language];
      const { defaults: _d, countries: _c, ...was } = before;
      const { defaults: _d2, countries: _c2, ...is } = after;
      await audit(
        req,
        'opt_out_keyword',
        `${company_uuid}:${language}`,
        { company_uuid, ...was },
        { company_uuid, ...is },
      );
      return { opt_out_keyword: after };
    },
  );

  app.get(
    '/consent_event/list',
    {
      config: { access, apiKey: 'read' },
      schema: { tags, querystring: ConsentEventListQuery, response: { 200: ListPage(ConsentEvent) } },
    },
    async (req) => {
      const q = req.query;
      const parsed = parseDnis(q.number);
      if (!parsed) throw new HttpError(400, `number: "${q.number}" is not a valid phone number`);
      const page = await listConsentEvents(app.db, rowsOf(req, ofCompany('e')), `+${parsed.digits}`, q);
      // names from their owner (accounts), for the page's rows only
      const [companies, users] = await Promise.all([
        accountsRepository.companyNames(
          app.db,
          page.items.map((r) => r.company_uuid),
        ),
        accountsRepository.userEmails(
          app.db,
          page.items.map((r) => r.user_uuid).filter((u): u is string => !!u),
        ),
      ]);
      return {
        ...page,
        items: page.items.map(({ user_uuid, ...r }) => ({
          ...r,
          company_name: companies.get(r.company_uuid) ?? null,
          user_email: user_uuid ? (users.get(user_uuid) ?? null) : null,
        })),
      };
    },
  );
}
