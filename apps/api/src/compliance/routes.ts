// /compliance/*: sender registrations (docs/compliance.md). A company admin files for its company, a reseller for
// its companies, the system admin for any and reviews the sender IDs the platform approves. Tenancy through
// lib/tenancy.ts (another company's filing answers 404); every change is in the audit log; docs/authorization.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ComplianceSettings,
  FilingAnswer,
  FilingAttach,
  FilingCreate,
  FilingListQuery,
  FilingNumberParams,
  FilingPage,
  FilingPatch,
  FilingReview,
  IdParam,
  SenderIdCountries,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { adminOnly, type AccessPolicy } from '../lib/access';
import { rowsOf, targetCompany } from '../lib/tenancy';
import { orNotFound } from '../lib/tenant';
import { FieldError, HttpError, notFound } from '../lib/http-error';
import { audit } from '../security';
import { companySendingNumber } from '../numbers';
import { SENDER_ID_COUNTRIES, senderIdCountry } from './countries';
import { EDITABLE, SUBMITTABLE, kindWords, missingFields, reviewerOf } from './engine';
import {
  addEvent,
  attachNumber,
  deleteFiling,
  detachNumber,
  filingWithHistory,
  findRow,
  FILING_OWNERS,
  hasCampaigns,
  insertFiling,
  listFilings,
  numberAttachment,
  updateFiling,
  writeEnforcement,
} from './queries';
import type { ComplianceService } from './service';

const filers: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const readers: AccessPolicy = { admin: 'all', reseller: 'all', company_admin: 'all', user: 'none' };
const tags = ['compliance'];

export default async function complianceRoutes(base: FastifyInstance, opts: { service: ComplianceService }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const { service } = opts;
  const visible = (req: FastifyRequest, id: string) =>
    findRow(app.db, rowsOf(req, FILING_OWNERS), id).then((r) => orNotFound(r, 'Filing'));
  const answer = async (id: string) => ({
    filing: await filingWithHistory(app.db, orNotFound(await findRow(app.db, null, id), 'Filing')),
  });

  /** A campaign's brand: a brand filing of the same company (404 otherwise, like any id the caller may not name). */
  const checkBrand = async (req: FastifyRequest, company_uuid: string, brand_uuid: string | null | undefined) => {
    if (!brand_uuid) return;
    const brand = await findRow(app.db, rowsOf(req, FILING_OWNERS), brand_uuid);
    if (!brand || brand.company_uuid !== company_uuid) throw notFound('Brand');
    if (brand.kind !== 'brand_10dlc') throw new FieldError({ brand_uuid: 'Choose a 10DLC brand' });
  };
  const checkCountry = (kind: string, country: string | null | undefined) => {
    if (kind === 'sender_id' && country && !senderIdCountry(country))
      throw new FieldError({ country: 'No sender ID requirements are known for this country' });
  };

  app.get(
    '/compliance/filing',
    { config: { access: filers }, schema: { tags, querystring: FilingListQuery, response: { 200: FilingPage } } },
    async (req) => listFilings(app.db, rowsOf(req, FILING_OWNERS), req.query),
  );

  app.get(
    '/compliance/filing/:id',
    { config: { access: filers }, schema: { tags, params: IdParam, response: { 200: FilingAnswer } } },
    async (req) => ({ filing: await filingWithHistory(app.db, await visible(req, req.params.id)) }),
  );

  app.post(
    '/compliance/filing',
    { config: { access: filers }, schema: { tags, body: FilingCreate, response: { 201: FilingAnswer } } },
    async (req, reply) => {
      const b = req.body;
      const company_uuid = await targetCompany(app.db, req, b.company_uuid);
      await checkBrand(req, company_uuid, b.brand_uuid);
      checkCountry(b.kind, b.country);
      const company = await app.messaging.facts.company(company_uuid);
      const row = await insertFiling(app.db, {
        company_uuid,
        reseller_uuid: company.reseller_uuid,
        kind: b.kind,
        name: b.name.trim(),
        brand_uuid: b.kind === 'campaign_10dlc' ? (b.brand_uuid ?? null) : null,
        country: b.kind === 'sender_id' ? (b.country ?? null) : null,
        sender_id: b.kind === 'sender_id' ? (b.sender_id?.trim() ?? null) : null,
        details: JSON.stringify(b.details),
        reviewer: reviewerOf(b.kind, b.country),
        created_by: req.user.uuid,
      });
      await addEvent(app.db, row.filing_uuid, 'draft', req.user.email);
      await audit(req, 'compliance_filing', row.filing_uuid, null, row);
      reply.code(201);
      return answer(row.filing_uuid);
    },
  );

  app.patch(
    '/compliance/filing/:id',
    {
      config: { access: filers },
      schema: { tags, params: IdParam, body: FilingPatch, response: { 200: FilingAnswer } },
    },
    async (req) => {
      const before = await visible(req, req.params.id);
      if (!EDITABLE.includes(before.status))
        throw new HttpError(409, `A filing that is ${before.status.replace('_', ' ')} cannot be changed`);
      const b = req.body;
      if (b.brand_uuid !== undefined) await checkBrand(req, before.company_uuid, b.brand_uuid);
      const country = b.country !== undefined ? b.country : before.country;
      checkCountry(before.kind, country);
      const after = await updateFiling(app.db, before.filing_uuid, {
        ...(b.name !== undefined ? { name: b.name.trim() } : {}),
        ...(b.details !== undefined ? { details: JSON.stringify(b.details) } : {}),
        ...(before.kind === 'campaign_10dlc' && b.brand_uuid !== undefined ? { brand_uuid: b.brand_uuid } : {}),
        ...(before.kind === 'sender_id' && b.country !== undefined
          ? { country: b.country, reviewer: reviewerOf(before.kind, b.country) }
          : {}),
        ...(before.kind === 'sender_id' && b.sender_id !== undefined ? { sender_id: b.sender_id?.trim() ?? null } : {}),
        updated_on: new Date(),
      });
      await addEvent(app.db, before.filing_uuid, 'edited', req.user.email);
      await audit(req, 'compliance_filing', before.filing_uuid, before, after);
      return answer(before.filing_uuid);
    },
  );

  app.delete(
    '/compliance/filing/:id',
    { config: { access: filers }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await visible(req, req.params.id);
      if (row.status !== 'draft') throw new HttpError(409, 'Only a draft can be deleted');
      if (await hasCampaigns(app.db, row.filing_uuid))
        throw new HttpError(409, 'Campaigns are filed under this brand: delete them first');
      await deleteFiling(app.db, row.filing_uuid);
      await audit(req, 'compliance_filing', row.filing_uuid, row, null);
      return { message: 'Filing deleted' };
    },
  );

  app.post(
    '/compliance/filing/:id/submit',
    { config: { access: filers }, schema: { tags, params: IdParam, response: { 200: FilingAnswer } } },
    async (req) => {
      const before = await visible(req, req.params.id);
      if (!SUBMITTABLE.includes(before.status))
        throw new HttpError(409, `A filing that is ${before.status.replace('_', ' ')} cannot be submitted again`);
      const missing = missingFields({ ...before, details: before.details });
      if (Object.keys(missing).length) throw new FieldError(missing);
      if (before.kind === 'campaign_10dlc') {
        const brand = await findRow(app.db, null, before.brand_uuid as string);
        if (brand?.status !== 'approved')
          throw new FieldError({
            brand_uuid: `The brand must be approved before its campaign is submitted (it is ${brand?.status.replace('_', ' ') ?? 'missing'})`,
          });
      }
      await service.submit(before, { email: req.user.email });
      const after = orNotFound(await findRow(app.db, null, before.filing_uuid), 'Filing');
      await audit(req, 'compliance_filing', before.filing_uuid, before, after);
      return answer(before.filing_uuid);
    },
  );

  app.post(
    '/compliance/filing/:id/review',
    {
      config: { access: adminOnly },
      schema: { tags, params: IdParam, body: FilingReview, response: { 200: FilingAnswer } },
    },
    async (req) => {
      const row = orNotFound(await findRow(app.db, null, req.params.id), 'Filing');
      if (row.reviewer !== 'platform') throw new HttpError(409, `The registry reviews this ${kindWords(row.kind)}`);
      if (row.status !== 'in_review') throw new HttpError(409, 'Only a filing in review can be decided');
      const reason = req.body.reason?.trim() || null;
      if (req.body.decision === 'reject' && !reason)
        throw new FieldError({ reason: 'Say why, so the customer knows what to change' });
      await service.decide(row, req.body.decision === 'approve' ? 'approved' : 'rejected', reason, {
        uuid: req.user.uuid,
        email: req.user.email,
        type: req.user.user_type,
        ip: req.ip,
      });
      return answer(row.filing_uuid);
    },
  );

  app.post(
    '/compliance/filing/:id/numbers',
    {
      config: { access: filers },
      schema: { tags, params: IdParam, body: FilingAttach, response: { 200: FilingAnswer } },
    },
    async (req) => {
      const row = await visible(req, req.params.id);
      if (row.kind !== 'campaign_10dlc' && row.kind !== 'toll_free')
        throw new HttpError(400, 'Numbers attach to a 10DLC campaign or a toll-free verification');
      if (row.status !== 'approved') throw new HttpError(409, 'Attach numbers once the filing is approved');
      const number = orNotFound(await companySendingNumber(app.db, row.company_uuid, req.body.did_uuid), 'Number');
      if (row.kind === 'toll_free' && !number.is_toll_free)
        throw new FieldError({ did_uuid: `${number.did} is not a toll-free number` });
      if (row.kind === 'campaign_10dlc' && number.is_toll_free)
        throw new FieldError({
          did_uuid: `${number.did} is toll-free: it needs a toll-free verification, not a 10DLC campaign`,
        });
      const before = await numberAttachment(app.db, number.did_uuid);
      const after = await attachNumber(app.db, {
        did_uuid: number.did_uuid,
        did: number.did,
        filing_uuid: row.filing_uuid,
        company_uuid: row.company_uuid,
      });
      await audit(req, 'compliance_filing_number', number.did_uuid, before ?? null, after);
      service.changed(row.company_uuid);
      return answer(row.filing_uuid);
    },
  );

  app.delete(
    '/compliance/filing/:id/numbers/:did_uuid',
    { config: { access: filers }, schema: { tags, params: FilingNumberParams, response: { 200: FilingAnswer } } },
    async (req) => {
      const row = await visible(req, req.params.id);
      const gone = await detachNumber(app.db, row.filing_uuid, req.params.did_uuid);
      if (!gone) throw notFound('Number');
      await audit(req, 'compliance_filing_number', gone.did_uuid, gone, null);
      service.changed(row.company_uuid);
      return answer(row.filing_uuid);
    },
  );

  app.get(
    '/compliance/countries',
    { config: { access: readers }, schema: { tags, response: { 200: SenderIdCountries } } },
    async () => ({ items: SENDER_ID_COUNTRIES }),
  );

  app.get(
    '/compliance/settings',
    { config: { access: readers }, schema: { tags, response: { 200: ComplianceSettings } } },
    async () => ({ enforcement: await service.enforced() }),
  );

  app.put(
    '/compliance/settings',
    {
      config: { access: adminOnly },
      schema: { tags, body: ComplianceSettings, response: { 200: ComplianceSettings } },
    },
    async (req) => {
      const before = { enforcement: await service.enforced() };
      await writeEnforcement(app.db, req.body.enforcement);
      service.forgetEnforcement();
      await audit(req, 'compliance_settings', '00000000-0000-0000-0000-000000000000', before, req.body);
      return { enforcement: await service.enforced() };
    },
  );
}
