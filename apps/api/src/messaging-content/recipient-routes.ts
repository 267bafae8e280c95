import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IdParam,
  ListPage,
  MessageBody,
  Recipient,
  RecipientCreateBody,
  RecipientListQuery,
  RecipientPatchBody,
  RecipientPayload,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { FieldError, HttpError } from '../lib/http-error';
import { ordering, wildcard, listPage } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { parseRecipientNumber, recipientsQuery } from './queries';
import { ofCompany, rowsOf, targetCompany } from '../lib/tenancy';

const P = (reseller: 'tenant' | 'none', company_admin: 'tenant' | 'none', user: 'tenant' | 'none') =>
  ({ admin: 'all', reseller, company_admin, user }) satisfies AccessPolicy;
export const RECIPIENT_ACCESS = {
  // a company user picks its company's recipients in the SMS center
  read: P('tenant', 'tenant', 'tenant'),
  write: P('tenant', 'tenant', 'none'),
};
const tags = ['recipients'];

export function requireRecipientNumber(input: string): string {
  const n = parseRecipientNumber(input);
  if (!n)
    throw new FieldError({
      number: `"${input}" is not a valid phone number (give it with its country code, e.g. +44 20 7946 0018)`,
    });
  return n;
}

const taken = (number: string) => new HttpError(409, `${number} is already a recipient of this company`);
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export default async function recipientRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const find = async (req: FastifyRequest, id: string) =>
    orNotFound(
      await recipientsQuery(app.db)
        .where('recipients.recipient_uuid', '=', id)
        .where(rowsOf(req, ofCompany('recipients')))
        .executeTakeFirst(),
      'Recipient',
    );
  const read = (id: string) =>
    recipientsQuery(app.db).where('recipients.recipient_uuid', '=', id).executeTakeFirstOrThrow();

  app.get(
    '/recipient/list',
    {
      config: { access: RECIPIENT_ACCESS.read, apiKey: 'read' },
      schema: { tags, querystring: RecipientListQuery, response: { 200: ListPage(Recipient) } },
    },
    async (req) => {
      const q = req.query;
      let b = recipientsQuery(app.db).where(rowsOf(req, ofCompany('recipients')));
      if (q.recipient_name) b = b.where('recipients.recipient_name', 'ilike', wildcard(q.recipient_name));
      if (q.number) b = b.where('recipients.number', 'like', `%${q.number.replace(/[^0-9]/g, '')}%`);
      if (q.company_uuid) b = b.where('recipients.company_uuid', '=', q.company_uuid);
      const { col, dir } = ordering(q, ['created_on', 'recipient_name', 'number'] as const, 'created_on', 'desc');
      return listPage(q, b.orderBy(`recipients.${col}`, dir).orderBy('recipients.recipient_uuid'), b.clearSelect());
    },
  );

  app.get(
    '/recipient/:id',
    {
      config: { access: RECIPIENT_ACCESS.read, apiKey: 'read' },
      schema: { tags, params: IdParam, response: { 200: RecipientPayload } },
    },
    async (req) => ({ recipient: await find(req, req.params.id) }),
  );

  app.post(
    '/recipient',
    {
      config: { access: RECIPIENT_ACCESS.write, apiKey: 'manage' },
      schema: { tags, body: RecipientCreateBody, response: { 201: RecipientPayload } },
    },
    async (req, reply) => {
      const number = requireRecipientNumber(req.body.number);
      const company_uuid = await targetCompany(app.db, req, req.body.company_uuid);
      const row = await app.db
        .insertInto('recipients')
        .values({ company_uuid, recipient_name: req.body.recipient_name.trim(), number })
        .onConflict((oc) => oc.columns(['company_uuid', 'number']).doNothing())
        .returning('recipient_uuid')
        .executeTakeFirst();
      if (!row) throw taken(number);
      return reply.code(201).send({ recipient: await read(row.recipient_uuid) });
    },
  );

  app.patch(
    '/recipient/:id',
    {
      config: { access: RECIPIENT_ACCESS.write, apiKey: 'manage' },
      schema: { tags, params: IdParam, body: RecipientPatchBody, response: { 200: RecipientPayload } },
    },
    async (req) => {
      const before = await find(req, req.params.id);
      const number = req.body.number !== undefined ? requireRecipientNumber(req.body.number) : undefined;
      try {
        await app.db
          .updateTable('recipients')
          .set({
            ...(req.body.recipient_name !== undefined ? { recipient_name: req.body.recipient_name.trim() } : {}),
            ...(number ? { number } : {}),
          })
          .where('recipient_uuid', '=', before.recipient_uuid)
          .execute();
      } catch (e) {
        if (isUniqueViolation(e) && number) throw taken(number);
        throw e;
      }
      return { recipient: await read(before.recipient_uuid) };
    },
  );

  app.delete(
    '/recipient/:id',
    {
      config: { access: RECIPIENT_ACCESS.write, apiKey: 'manage' },
      schema: { tags, params: IdParam, response: { 200: MessageBody } },
    },
    async (req) => {
      const before = await find(req, req.params.id);
      await app.db.deleteFrom('recipients').where('recipient_uuid', '=', before.recipient_uuid).execute();
      return { message: 'Recipient deleted' };
    },
  );
}
