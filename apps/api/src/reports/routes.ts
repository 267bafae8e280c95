import type { FastifyInstance } from 'fastify';
import {
  Dashboard,
  DashboardQuery,
  RecipientReportPage,
  RecipientReportQuery,
  ReportPage,
  SmsReportQuery,
  StatReportQuery,
  type ReportGroup,
  type ReportStep,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { showCost, type AccessPolicy } from '../lib/access';
import { parseInterval } from './engine';
import { dayBounds, lastDays, monthOf, resolveRange } from './report-clock';
import { reportRows, type ReportArgs } from './queries';
import { recipientReport, recipientCsv } from './recipient-report';
import { callerScope } from '../lib/tenancy';
import { answerReport, genericRequest, input, reportZone, smsReportRequest } from './report-request';

const tags = ['reports'];
export const reportReaders = {
  admin: 'all',
  reseller: 'tenant',
  company_admin: 'tenant',
  user: 'own',
} satisfies AccessPolicy;
const resellerReaders = {
  admin: 'all',
  reseller: 'tenant',
  company_admin: 'none',
  user: 'none',
} satisfies AccessPolicy;
const DAY = 86_400_000;

export default async function reportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const messages = app.messagingRepository.smsRows;

  /** Totals, a series and the leaders of the last `interval` (default '24 hour'), for the caller's scope. */
  app.get(
    '/dashboard',
    { config: { access: reportReaders }, schema: { tags, querystring: DashboardQuery, response: { 200: Dashboard } } },
    async (req) => {
      const interval = req.query.interval ?? '24 hour';
      const ms = input(() => parseInterval(interval));
      const zone = await reportZone(app, req);
      const step: ReportStep = ms <= 2 * DAY ? 'hour' : ms <= 62 * DAY ? 'day' : 'week';
      // by hour: the `interval` before the end of this hour (24 buckets for a day). By day or week: whole days of the
      // caller's zone, from the day the interval starts in to the end of today, so the first bar is a whole day
      const now = Date.now();
      const hourEnd = new Date(Math.ceil(now / 3_600_000) * 3_600_000);
      const range =
        step === 'hour'
          ? { start: new Date(hourEnd.getTime() - ms), end: hourEnd }
          : lastDays(new Date(now), Math.ceil(ms / DAY) + 1, zone);
      const base: ReportArgs = {
        scope: callerScope(req),
        range,
        step,
        zone,
        groups: [],
        filters: {},
        showCost: showCost(req),
      };
      const leaders: ReportGroup =
        req.user.user_type === 'admin' || req.user.user_type === 'reseller' ? 'company' : 'user';
      // three rollup reads; on PostgreSQL they run side by side on the pool
      const [series, top, networks] = await Promise.all([
        reportRows(app.db, base, messages),
        reportRows(app.db, { ...base, step: 'total', groups: [leaders], top: 'messages', limit: 5 }, messages),
        reportRows(app.db, { ...base, step: 'total', groups: ['network'], top: 'messages', limit: 5 }, messages),
      ]);
      return {
        interval,
        start_time: range.start.toISOString(),
        end_time: range.end.toISOString(),
        step,
        totals: series.totals,
        series: series.rows,
        top: top.rows,
        networks: networks.rows,
        currency: 'USD',
        time_zone: zone,
      };
    },
  );

  app.get(
    '/stat/report',
    {
      config: { access: reportReaders },
      schema: { tags, querystring: StatReportQuery, response: { 200: ReportPage } },
    },
    async (req, reply) => answerReport(app, reply, await genericRequest(app, req, req.query, 'stat-report')),
  );

  app.get(
    '/sms/report',
    { config: { access: reportReaders }, schema: { tags, querystring: SmsReportQuery, response: { 200: ReportPage } } },
    async (req, reply) => {
      const zone = await reportZone(app, req);
      // the last 30 days of the caller's zone, today included
      const fallback = lastDays(new Date(), 30, zone);
      return answerReport(
        app,
        reply,
        smsReportRequest(req, req.query, zone, fallback, { step: 'day', groups: [] }, 'sms-report'),
      );
    },
  );

  app.get(
    '/sms/reseller/report',
    {
      config: { access: resellerReaders },
      schema: { tags, querystring: SmsReportQuery, response: { 200: ReportPage } },
    },
    async (req, reply) => {
      const otherwise =
        req.user.user_type === 'admin'
          ? { step: 'total' as const, groups: ['reseller' as const] }
          : { step: 'day' as const, groups: [] };
      const zone = await reportZone(app, req);
      return answerReport(
        app,
        reply,
        smsReportRequest(req, req.query, zone, monthOf(new Date(), zone), otherwise, 'reseller-report'),
      );
    },
  );

  app.get(
    '/sms/recipient/report',
    {
      config: { access: reportReaders },
      schema: { tags, querystring: RecipientReportQuery, response: { 200: RecipientReportPage } },
    },
    async (req, reply) => {
      const q = req.query;
      const zone = await reportZone(app, req);
      const range = input(() => {
        const b = dayBounds(q.date_gte, q.date_lte, zone);
        return resolveRange(b.start, b.end, new Date(), 30 * DAY, zone);
      });
      const sources = { recipients: app.content.recipientRows(app.db), messages };
      if (q.format === 'csv')
        return recipientCsv(app.db, sources, reply, callerScope(req), range, q.recipient_name, zone);
      return recipientReport(app.db, sources, callerScope(req), range, q);
    },
  );
}
