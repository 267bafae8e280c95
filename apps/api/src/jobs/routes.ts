// The system admin's calls on dead letters (Operations screen): list them, send one again, discard one.
import type { FastifyInstance } from 'fastify';
import { FailedJobListQuery, FailedJobPage, FailedJobParams, MessageBody } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { adminOnly } from '../lib/access';
import { notFound } from '../lib/http-error';
import { audit } from '../security';
import type { DeadLetters } from './dead-letters';

const tags = ['operations'];
const config = { access: adminOnly };

export default async function jobRoutes(
  base: FastifyInstance,
  opts: { dead: DeadLetters; resend: (queue: string, data: object) => Promise<void> },
) {
  const app = base.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/operations/failed_jobs',
    {
      config,
      schema: {
        tags,
        querystring: FailedJobListQuery,
        response: { 200: FailedJobPage },
        description: 'Background jobs that failed every attempt (dead letters), newest first.',
      },
    },
    async (req) => {
      const per_page = req.query.per_page ?? 10;
      const { items, total } = await opts.dead.list((req.query.page ?? 0) * per_page, per_page);
      return { items, total, per_page };
    },
  );

  app.post(
    '/operations/failed_jobs/:id/retry',
    {
      config,
      schema: {
        tags,
        params: FailedJobParams,
        response: { 200: MessageBody },
        description: 'Sends a failed job to its queue again, with all its retries.',
      },
    },
    async (req) => {
      const job = await opts.dead.retry(req.params.id, opts.resend);
      if (!job) throw notFound('Failed job');
      await audit(
        req,
        'failed_job',
        job.id,
        { queue: job.queue, state: 'failed' },
        { queue: job.queue, state: 'retried' },
      );
      return { message: 'Job queued again' };
    },
  );

  app.delete(
    '/operations/failed_jobs/:id',
    {
      config,
      schema: {
        tags,
        params: FailedJobParams,
        response: { 200: MessageBody },
        description: 'Discards a failed job: its work will not be done.',
      },
    },
    async (req) => {
      const job = await opts.dead.discard(req.params.id);
      if (!job) throw notFound('Failed job');
      await audit(req, 'failed_job', job.id, { queue: job.queue, error: job.error, data: job.data }, null);
      return { message: 'Failed job discarded' };
    },
  );
}
