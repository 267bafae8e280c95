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
import { orNotFound } from '../lib/tenant';
import {
  deleteRecipient,
  insertRecipient,
  listRecipients,
  parseRecipientNumber,
  recipientById,
  recipientInScope,
  updateRecipient,
} from './queries';
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
    orNotFound(await recipientInScope(app.db, rowsOf(req, ofCompany('recipients')), id), 'Recipient');
  const read = (id: string) => recipientById(app.db, id);

  app.get(
    '/recipient/list',
    {
      config: { access: RECIPIENT_ACCESS.read, apiKey: 'read' },
      schema: { tags, querystring: RecipientListQuery, response: { 200: ListPage(Recipient) } },
    },
    async (req) => listRecipients(app.db, rowsOf(req, ofCompany('recipients')), req.query),
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
      const id = await insertRecipient(app.db, {
        company_uuid,
        recipient_name: req.body.recipient_name.trim(),
        number,
      });
      if (!id) throw taken(number);
      return reply.code(201).send({ recipient: await read(id) });
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
        await updateRecipient(app.db, before.recipient_uuid, {
          ...(req.body.recipient_name !== undefined ? { recipient_name: req.body.recipient_name.trim() } : {}),
          ...(number ? { number } : {}),
        });
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
      await deleteRecipient(app.db, before.recipient_uuid);
      return { message: 'Recipient deleted' };
    },
  );
}
