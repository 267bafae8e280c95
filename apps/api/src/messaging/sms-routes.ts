import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  IdParam,
  LogReportAnswer,
  LogReportQuery,
  SendSmsBody,
  SmsListQuery,
  SmsPage,
  SmsPatchBody,
  SmsPayload,
  SmsQuote,
  SmsQuoteBody,
  type SmsLogQuery as LogQuery,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { showCost, type AccessPolicy } from '../lib/access';
import { FieldError, HttpError } from '../lib/http-error';
import { MAX_PER_PAGE, SmsEvents } from '@smsc/shared-contract';
import { balanceOf, formatMoney } from '../billing';
import { parseDnis, quote } from '../catalog';
import { parseNanp } from '../numbers';
import { ordering, paging } from '../lib/list';
import { countSegments } from './engine/segments';
import { findSms, smsPage, SMS_OWNERS, SMS_ORDERS, type SmsFilters } from './queries';
import { smsEvents } from './events';
import { companyFor, placeholderValues, seesMoney, sendCaller, sendNumbers } from './sender-queries';
import { logFilters, logReportOr, sendLogCsv } from './log-export';
import { assertCanName, rowsOf } from '../lib/tenancy';

const tags = ['messaging'];
const readers = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'own' } satisfies AccessPolicy;
const senders = readers;
/** the messages a key sent are the send scope's to read back, and the read scope's too */
const READ_BY_KEY = ['send', 'read'] as const;
const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

export default async function smsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/sms/list',
    {
      config: { access: readers, apiKey: READ_BY_KEY },
      schema: { tags, querystring: SmsListQuery, response: { 200: SmsPage } },
    },
    async (req, reply) => {
      const q = req.query;
      const { per_page, offset } = paging(q);
      const { col, dir } = ordering(q, SMS_ORDERS, 'created_on', 'desc');
      const f: SmsFilters = {
        company_uuid: q.company_uuid,
        user_name: q.user_name,
        user_email: q.user_email,
        sent_by: q.sent_by,
        sent_by_kind: q.sent_by_kind,
        sms_uuid: q.sms_uuid,
        dnis: q.dnis,
        ani: q.ani,
        is_received: q.is_received,
        recipient_uuid: q.recipient_uuid,
        recipient_number: q.recipient_number,
        text: q.text,
        status: q.status,
        created_gte: q.created_on_gte,
        created_lte: q.created_on_lte,
      };
      if (q.format === 'csv') return sendLogCsv(app, req, reply, f);
      return smsPage(app.db, rowsOf(req, SMS_OWNERS), f, {
        names: app.messaging.smppNames,
        per_page,
        offset,
        order_by: col,
        dir,
        cursor: q.cursor,
        showCost: showCost(req),
        showPrice: await seesMoney(app.db, req),
      });
    },
  );

  const log = (is_received: boolean) => async (req: FastifyRequest<{ Querystring: LogQuery }>) => {
    const q = req.query;
    const per_page = Math.min(q.count ?? 10, MAX_PER_PAGE);
    const { col, dir } = ordering({ order_by: q.order, order_dir: q.sort }, SMS_ORDERS, 'created_on', 'desc');
    const f = logFilters(q, is_received);
    return smsPage(app.db, rowsOf(req, SMS_OWNERS), f, {
      names: app.messaging.smppNames,
      per_page,
      offset: q.from ?? 0,
      order_by: col,
      dir,
      cursor: q.cursor,
      showCost: showCost(req),
      showPrice: await seesMoney(app.db, req),
    });
  };
  // log-export.ts: group/step/fields answer the generic report (reports), format=csv streams the log
  app.get(
    '/log/report',
    { config: { access: readers }, schema: { tags, querystring: LogReportQuery, response: { 200: LogReportAnswer } } },
    logReportOr(app, false, log(false)),
  );
  app.get(
    '/log/mo_report',
    { config: { access: readers }, schema: { tags, querystring: LogReportQuery, response: { 200: LogReportAnswer } } },
    logReportOr(app, true, log(true)),
  );

  app.get(
    '/sms/:id',
    {
      config: { access: readers, apiKey: READ_BY_KEY },
      schema: { tags, params: IdParam, response: { 200: SmsPayload } },
    },
    async (req) => ({
      sms: await findSms(
        app.db,
        app.messaging.smppNames,
        rowsOf(req, SMS_OWNERS),
        req.params.id,
        showCost(req),
        await seesMoney(app.db, req),
      ),
    }),
  );
  app.get(
    '/sms/:id/events',
    {
      config: { access: readers, apiKey: READ_BY_KEY },
      schema: {
        tags,
        description:
          "A message's story: accepted, priced, routed, held, submitted, its receipt or refusal (the reason in words), charged or refunded; and its one final state.",
        params: IdParam,
        response: { 200: SmsEvents },
      },
    },
    async (req) => smsEvents(app.billing, app.db, rowsOf(req, SMS_OWNERS), req.params.id, showCost(req)),
  );

  /**
   * Sends one message through the pipeline: 201 with the stored message (queued or sent; scheduled with
   * a future send_at), or a 4xx naming the block reason (the blocked message is logged). A repeated
   * Idempotency-Key answers the first message without sending again.
   */
  app.post(
    '/sms',
    {
      config: { access: senders, apiKey: true },
      schema: { tags, headers: IdempotencyHeaders, body: SendSmsBody, response: { 201: SmsPayload } },
    },
    async (req, reply) => {
      const { ani, dnis } = sendNumbers(req.body);
      const b = { ...req.body, ani, dnis };
      // not a phone number: refused before anything is stored, priced or counted
      if (!parseDnis(b.dnis))
        throw new FieldError({
          dnis: `Recipient number: "${b.dnis.trim()}" is not a phone number; enter it with its country code, e.g. +1 415 555 0100`,
        });
      const company_uuid = await companyFor(app.db, req, b.company_uuid);
      await assertCanName(app.db, req, 'recipient', b.recipient_uuid, { company_uuid });
      if (b.status_callback !== undefined) {
        // checked like a webhook URL when saved, and signed with the company's callback secret (docs/webhooks.md)
        const problem = await app.companyWebhooks.callbackProblem(company_uuid, b.status_callback);
        if (problem) throw new FieldError({ status_callback: problem });
      }
      const send_at = b.send_at ? new Date(b.send_at) : null;
      const values = await placeholderValues(app.db, app.messaging, company_uuid, b);
      const key = req.headers['idempotency-key'];
      const request = [
        company_uuid,
        b.ani,
        b.dnis,
        b.text,
        b.recipient_uuid ?? null,
        b.sms_template_uuid ?? null,
        b.send_at ?? null,
        b.values ?? null,
        b.status_callback ?? null,
      ];
      const out = await app.messaging.pipeline.send({
        ...sendCaller(req, { key, request }),
        company_uuid,
        ani: b.ani,
        dnis: b.dnis,
        text: b.text,
        recipient_uuid: b.recipient_uuid,
        sms_template_uuid: b.sms_template_uuid,
        send_at,
        values,
        status_callback: b.status_callback ?? null,
      });
      if (out.replay) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({
        sms: await findSms(
          app.db,
          app.messaging.smppNames,
          rowsOf(req, SMS_OWNERS),
          out.sms_uuid,
          showCost(req),
          await seesMoney(app.db, req),
        ),
      });
    },
  );

  app.patch(
    '/sms/:id',
    {
      config: { access: senders },
      schema: { tags, params: IdParam, body: SmsPatchBody, response: { 200: SmsPayload } },
    },
    async (req) => {
      await findSms(app.db, app.messaging.smppNames, rowsOf(req, SMS_OWNERS), req.params.id, false);
      const b = req.body;
      if (b.send_at && new Date(b.send_at).getTime() <= Date.now())
        throw new HttpError(400, 'send_at: choose a time in the future');
      await app.messaging.scheduler.patchScheduled(req.params.id, {
        text: b.text,
        send_at: b.send_at ? new Date(b.send_at) : undefined,
        status: b.status,
      });
      return {
        sms: await findSms(
          app.db,
          app.messaging.smppNames,
          rowsOf(req, SMS_OWNERS),
          req.params.id,
          showCost(req),
          await seesMoney(app.db, req),
        ),
      };
    },
  );

  /** The compose box's live figures: parts, encoding and the price to one number, before anything is sent. */
  app.post(
    '/sms/quote',
    {
      config: { access: senders, apiKey: true, readsOnly: true },
      schema: { tags, body: SmsQuoteBody, response: { 200: SmsQuote } },
    },
    async (req) => {
      const b = req.body;
      const seg = countSegments(b.text);
      const company_uuid = await companyFor(app.db, req, b.company_uuid);
      const company = await app.messaging.facts.company(company_uuid);
      const funds = await balanceOf(app.db, { company_uuid });
      const money = await seesMoney(app.db, req);
      const out = {
        segments: seg.segments,
        encoding: seg.encoding,
        characters: seg.characters,
        characters_left: seg.characters_left,
        currency: funds.currency,
        // the segments still count for a user who sees no money; the figures stay with its admin
        available: money ? formatMoney(funds.available) : null,
        unit_price: null,
        price: null,
        reason: null,
      };
      if (!b.dnis) return out;
      const parsed = parseDnis(b.dnis);
      if (!parsed) return { ...out, reason: 'bad_number' };
      const dest = { e164: `+${parsed.digits}`, iso2: parsed.iso2 };
      // the sender's registration for this destination, as the pipeline applies it (docs/compliance.md)
      const registrations = b.ani ? await app.messaging.registrations.view(company.company_uuid) : null;
      const registration = b.ani ? (registrations?.state(parseNanp(b.ani)?.e164 ?? b.ani.trim(), dest) ?? null) : null;
      if (registration?.enforced && registration.state === 'unregistered')
        return { ...out, registration, reason: 'sender_unregistered' };
      // a number that texted STOP (or was suppressed by hand) is said before Send: the pipeline's own fact
      const { suppressed } = await app.messaging.facts.senderAndSuppression(company, null, dest.e164);
      if (suppressed) return { ...out, registration, reason: 'suppressed' };
      // the guards' verdict first, as the pipeline applies it (destinations, pumping holds, the margin floor)
      const view = await app.messaging.guards.view(company);
      const refused = view?.check(dest);
      if (refused) return { ...out, registration, reason: refused.reason };
      if (!company.product_uuid) return { ...out, registration, reason: 'no_price' };
      const q = quote(await app.catalog.current(), {
        productUuid: company.product_uuid,
        dnis: parsed.digits,
        minMarginMicros: view?.minMarginMicros ?? undefined,
      });
      if (!q.ok) return { ...out, registration, reason: q.reason };
      if (!money) return { ...out, registration };
      const unit = BigInt(q.priceMicros);
      return {
        ...out,
        registration,
        unit_price: formatMoney(unit),
        price: formatMoney(unit * BigInt(seg.segments)),
        charge_basis: q.chargeBasis,
      };
    },
  );
}
