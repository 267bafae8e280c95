import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  IdParam,
  Keyword,
  KeywordCreateBody,
  KeywordListQuery,
  KeywordPatchBody,
  KeywordPayload,
  ListPage,
  MessageBody,
  type KeywordAction,
} from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { TypeBoxProvider } from '../lib/type-provider';
import { FieldError, HttpError } from '../lib/http-error';
import { orNotFound } from '../lib/tenant';
import { optKeyword } from '../messaging';
import { numbersRepository, parseNanp } from '../numbers';
import { normalizeKeyword } from './engine/keyword-match';
import { CAMPAIGN_ACCESS, isUniqueViolation } from './queries';
import { ofCompany, rowsOf, targetCompany } from '../lib/tenancy';
import {
  deleteKeyword,
  insertKeyword,
  isCompanyCampaign,
  keywordById,
  keywordInScope,
  listKeywords,
  updateKeyword,
} from './keyword-store';

const tags = ['keywords'];

interface KeywordFields {
  keyword: string;
  action: KeywordAction;
  reply_text: string | null;
  campaign_uuid: string | null;
  did_uuid: string | null;
}

/** Checks a keyword's fields together (after a patch, the whole record), naming the field at fault. */
async function checkFields(db: Kysely<Database>, company_uuid: string, f: KeywordFields): Promise<void> {
  if (optKeyword(f.keyword))
    throw new FieldError({
      keyword: `${f.keyword} is a built-in opt-out or opt-in word; every number already answers it`,
    });
  if (f.action === 'reply' && !f.reply_text)
    throw new FieldError({ reply_text: 'A reply keyword needs the text to answer with' });
  if (f.action === 'opt_in' && !f.campaign_uuid)
    throw new FieldError({ campaign_uuid: 'An opt-in keyword needs the campaign to join' });
  // a campaign a keyword names must be the company's, whatever the action
  if (f.campaign_uuid && !(await isCompanyCampaign(db, company_uuid, f.campaign_uuid)))
    throw new FieldError({ campaign_uuid: 'No such campaign in this company' });
}

async function didOf(
  db: Kysely<Database>,
  company_uuid: string,
  typed: string | null | undefined,
): Promise<string | null> {
  if (!typed) return null;
  const n = parseNanp(typed);
  const did_uuid = n && (await numbersRepository.companyNumber(db, company_uuid, n.e164));
  if (!did_uuid) throw new FieldError({ did: `${typed} is not one of the company's numbers` });
  return did_uuid;
}

const taken = (word: string) => new HttpError(409, `The keyword ${word} already exists on that number`);

/** GET /keyword/list; POST /keyword; GET, PATCH, DELETE /keyword/{id} (docs/spec.md §7). */
export default async function keywordRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const find = async (req: FastifyRequest, id: string) =>
    orNotFound(await keywordInScope(app.db, rowsOf(req, ofCompany('keywords')), id), 'Keyword');
  const read = (id: string) => keywordById(app.db, id);

  app.get(
    '/keyword/list',
    {
      config: { access: CAMPAIGN_ACCESS.read },
      schema: { tags, querystring: KeywordListQuery, response: { 200: ListPage(Keyword) } },
    },
    async (req) => listKeywords(app.db, rowsOf(req, ofCompany('keywords')), req.query),
  );

  app.get(
    '/keyword/:id',
    { config: { access: CAMPAIGN_ACCESS.read }, schema: { tags, params: IdParam, response: { 200: KeywordPayload } } },
    async (req) => ({ keyword: await find(req, req.params.id) }),
  );

  app.post(
    '/keyword',
    {
      config: { access: CAMPAIGN_ACCESS.write },
      schema: { tags, body: KeywordCreateBody, response: { 201: KeywordPayload } },
    },
    async (req, reply) => {
      const b = req.body;
      const company_uuid = await targetCompany(app.db, req, b.company_uuid);
      const fields: KeywordFields = {
        keyword: normalizeKeyword(b.keyword),
        action: b.action,
        reply_text: b.reply_text?.trim() || null,
        campaign_uuid: b.action === 'opt_in' ? (b.campaign_uuid ?? null) : null,
        did_uuid: await didOf(app.db, company_uuid, b.did),
      };
      // a campaign the body names is checked even where the action does not keep it
      await checkFields(app.db, company_uuid, { ...fields, campaign_uuid: b.campaign_uuid ?? fields.campaign_uuid });
      try {
        const id = await insertKeyword(app.db, { company_uuid, ...fields, is_active: b.is_active ?? true });
        return reply.code(201).send({ keyword: await read(id) });
      } catch (e) {
        if (isUniqueViolation(e)) throw taken(fields.keyword);
        throw e;
      }
    },
  );

  app.patch(
    '/keyword/:id',
    {
      config: { access: CAMPAIGN_ACCESS.write },
      schema: { tags, params: IdParam, body: KeywordPatchBody, response: { 200: KeywordPayload } },
    },
    async (req) => {
      const before = await find(req, req.params.id);
      const b = req.body;
      const action = b.action ?? before.action;
      const fields: KeywordFields = {
        keyword: b.keyword !== undefined ? normalizeKeyword(b.keyword) : before.keyword,
        action,
        reply_text: b.reply_text !== undefined ? b.reply_text?.trim() || null : before.reply_text,
        campaign_uuid:
          action !== 'opt_in' ? null : b.campaign_uuid !== undefined ? b.campaign_uuid : before.campaign_uuid,
        did_uuid: b.did !== undefined ? await didOf(app.db, before.company_uuid, b.did) : before.did_uuid,
      };
      await checkFields(app.db, before.company_uuid, {
        ...fields,
        campaign_uuid: b.campaign_uuid ?? fields.campaign_uuid,
      });
      try {
        await updateKeyword(app.db, before.keyword_uuid, {
          ...fields,
          ...(b.is_active !== undefined ? { is_active: b.is_active } : {}),
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw taken(fields.keyword);
        throw e;
      }
      return { keyword: await read(before.keyword_uuid) };
    },
  );

  app.delete(
    '/keyword/:id',
    { config: { access: CAMPAIGN_ACCESS.write }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const before = await find(req, req.params.id);
      await deleteKeyword(app.db, before.keyword_uuid);
      return { message: 'Keyword deleted' };
    },
  );
}
