import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CountResult,
  Did,
  DidAssignBody,
  DidCompanyListQuery,
  DidCreateBody,
  DidListQuery,
  DidIdParam,
  DidParam,
  DidPatchBody,
  DidPayload,
  IdParam,
  ListPage,
  MassDeleteBody,
  MessageBody,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { forbidden, HttpError, notFound } from '../lib/http-error';
import { orNotFound } from '../lib/tenant';
import { countryUuid, DID_OWNERS, findDid, requireCompany } from './queries';
import { deleteDidInScope, deleteDidsInScope, didById, insertDid, listDids, storedDid, updateDid } from './did-store';
import { requireNanp } from './phone';
import { nanp } from './nanp';
import { audit } from '../security';
import { assertCanName, callerScope, rowsOf } from '../lib/tenancy';

const P = (admin: 'all', reseller: 'tenant' | 'none', company_admin: 'tenant' | 'none', user: 'own' | 'none') =>
  ({ admin, reseller, company_admin, user }) satisfies AccessPolicy;
export const DID_ACCESS = {
  companyList: P('all', 'tenant', 'tenant', 'own'),
  list: P('all', 'tenant', 'tenant', 'none'),
  free: P('all', 'tenant', 'none', 'none'),
  read: P('all', 'tenant', 'tenant', 'own'),
  edit: P('all', 'tenant', 'tenant', 'none'),
  stock: P('all', 'tenant', 'none', 'none'),
};
const tags = ['numbers'];

/** A vendor the caller may put a number on: any for the system admin, its own for a reseller (404 otherwise). */
export async function visibleVendor(app: FastifyInstance, req: FastifyRequest, vendorUuid: string): Promise<string> {
  if (req.user.user_type !== 'admin' && req.user.user_type !== 'reseller') throw forbidden();
  return orNotFound(await app.catalogRepository.visibleVendor(app.db, callerScope(req), vendorUuid), 'Vendor');
}

/** The owner columns a caller may set on a number it creates or edits (field-level rules of docs/authorization.md). */
async function ownerFields(
  app: FastifyInstance,
  req: FastifyRequest,
  body: { reseller_uuid?: string | null; company_uuid?: string | null; vendor_uuid?: string | null },
) {
  const out: { reseller_uuid?: string | null; company_uuid?: string | null; vendor_uuid?: string | null } = {};
  if (body.reseller_uuid !== undefined) {
    if (req.user.user_type !== 'admin') throw forbidden();
    await assertCanName(app.db, req, 'reseller', body.reseller_uuid);
    out.reseller_uuid = body.reseller_uuid;
  }
  if (body.company_uuid !== undefined)
    out.company_uuid = body.company_uuid ? (await requireCompany(app.db, req, body.company_uuid)).company_uuid : null;
  if (body.vendor_uuid !== undefined)
    out.vendor_uuid = body.vendor_uuid ? await visibleVendor(app, req, body.vendor_uuid) : null;
  return out;
}

export default async function inventoryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  // the stored row, before and after a change, for the audit log
  const didRow = (id: string) => storedDid(app.db, id);

  app.get(
    '/did/company/list',
    {
      config: { access: DID_ACCESS.companyList, apiKey: 'read' },
      schema: { tags, querystring: DidCompanyListQuery, response: { 200: ListPage(Did) } },
    },
    async (req) => listDids(app.db, rowsOf(req, DID_OWNERS), req.query, 'assigned'),
  );

  app.get(
    '/did/list',
    {
      config: { access: DID_ACCESS.list },
      schema: { tags, querystring: DidListQuery, response: { 200: ListPage(Did) } },
    },
    async (req) => listDids(app.db, rowsOf(req, DID_OWNERS), req.query),
  );

  // Free: not given to any company (the platform's stock, or a reseller's own stock).
  app.get(
    '/did/free/list',
    {
      config: { access: DID_ACCESS.free },
      schema: { tags, querystring: DidListQuery, response: { 200: ListPage(Did) } },
    },
    async (req) => listDids(app.db, rowsOf(req, DID_OWNERS), req.query, 'free'),
  );

  app.get(
    '/did/:id',
    { config: { access: DID_ACCESS.read }, schema: { tags, params: IdParam, response: { 200: DidPayload } } },
    async (req) => ({ did: await findDid(app.db, req, req.params.id) }),
  );

  app.delete(
    '/did/:id',
    { config: { access: DID_ACCESS.stock }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = orNotFound(await deleteDidInScope(app.db, rowsOf(req, DID_OWNERS), req.params.id), 'Number');
      await audit(req, 'did', gone.did_uuid, gone, null);
      return { message: 'Number deleted' };
    },
  );

  app.post(
    '/did',
    { config: { access: DID_ACCESS.stock }, schema: { tags, body: DidCreateBody, response: { 201: DidPayload } } },
    async (req, reply) => {
      const { did, type, did_type, description, monthly_price, ...owners } = req.body;
      const n = requireNanp(did);
      const info = nanp().npas.get(n.npa);
      if (!n.isTollFree && !info) throw new HttpError(400, `Area code ${n.npa} is not a US or Canadian area code`);
      const fields = await ownerFields(app, req, owners);
      // A reseller's numbers are always its own stock.
      if (req.user.user_type === 'reseller') fields.reseller_uuid = req.user.reseller_uuid;
      const id = await insertDid(app.db, {
        did: n.e164,
        type,
        did_type,
        description,
        monthly_price,
        is_toll_free: n.isTollFree,
        area_code: n.npa,
        state: info?.state ?? null,
        country_uuid: await countryUuid(app.db, n.country),
        ...fields,
      });
      if (!id) throw new HttpError(409, `${n.e164} is already in the inventory`);
      await audit(req, 'did', id, null, await didRow(id));
      return reply.code(201).send({ did: await didById(app.db, id) });
    },
  );

  app.patch(
    '/did/:id',
    {
      config: { access: DID_ACCESS.edit },
      schema: { tags, params: DidIdParam, body: DidPatchBody, response: { 200: DidPayload } },
    },
    async (req) => {
      const current = await findDid(app.db, req, req.params.id);
      const { reseller_uuid, company_uuid, vendor_uuid, ...plain } = req.body;
      // A company admin names its numbers; everything else about a number is its provider's business.
      if (req.user.user_type === 'company_admin' && Object.keys(req.body).some((k) => k !== 'description'))
        throw forbidden();
      const fields = await ownerFields(app, req, { reseller_uuid, company_uuid, vendor_uuid });
      // A number moving to another company (or back to stock) leaves its user behind.
      const moved = fields.company_uuid !== undefined && fields.company_uuid !== current.company_uuid;
      const before = await didRow(current.did_uuid);
      await updateDid(app.db, current.did_uuid, { ...plain, ...fields, ...(moved ? { user_uuid: null } : {}) });
      await audit(req, 'did', current.did_uuid, before, await didRow(current.did_uuid));
      return { did: await didById(app.db, current.did_uuid) };
    },
  );

  app.patch(
    '/did/:did/assign',
    {
      config: { access: DID_ACCESS.edit },
      schema: { tags, params: DidParam, body: DidAssignBody, response: { 200: DidPayload } },
    },
    async (req) => {
      const current = await findDid(app.db, req, req.params.did);
      const { user_uuid } = req.body;
      if (user_uuid) {
        if (!current.company_uuid)
          throw new HttpError(400, 'Give the number to a company before assigning it to a user');
        // Only a user of the number's own company; any other answers 404 so other tenants' users stay hidden.
        if (!(await app.accounts.isUserOf(app.db, user_uuid, current.company_uuid))) throw notFound('User');
      }
      const before = await didRow(current.did_uuid);
      await updateDid(app.db, current.did_uuid, { user_uuid });
      await audit(req, 'did', current.did_uuid, before, await didRow(current.did_uuid));
      return { did: await didById(app.db, current.did_uuid) };
    },
  );

  // The items named, all of them or none. There is no "everything" form: a body without items is a 400 (schema),
  // since one that had lost its list (a client bug, a hostile key) once deleted every free number in scope.
  app.delete(
    '/did/mass_delete',
    {
      config: { access: DID_ACCESS.stock },
      schema: {
        tags,
        description: 'Deletes the numbers listed in items (1 to 10,000), all of them or none.',
        body: MassDeleteBody,
        response: { 200: CountResult },
      },
    },
    async (req) => {
      const items = req.body.items;
      return app.db.transaction().execute(async (trx) => {
        const deleted = await deleteDidsInScope(trx, rowsOf(req, DID_OWNERS), [...new Set(items)]);
        if (deleted.length !== new Set(items).size) {
          const gone = new Set(deleted.map((d) => d.did_uuid));
          throw new HttpError(404, `Number ${items.find((i) => !gone.has(i))} not found; nothing was deleted`);
        }
        return { count: deleted.length };
      });
    },
  );
}
