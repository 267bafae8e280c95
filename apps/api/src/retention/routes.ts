// The system admin's calls on message retention (Admin settings → Message retention): the platform's defaults,
// a pass run now, the last passes and the archive files (listed and downloaded). Who may call: docs/authorization.md.
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  IdParam,
  ListPage,
  PageQuery,
  RetentionArchive,
  RetentionPass,
  RetentionSettings,
  RetentionSettingsPut,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { adminOnly } from '../lib/access';
import { FieldError, notFound } from '../lib/http-error';
import { audit } from '../security';
import { orderProblem } from './policy';
import type { RetentionOptions } from './options';
import type { RetentionRunner } from './pass';
import {
  archiveById,
  closeStalePasses,
  listArchives,
  listPasses,
  passById,
  readDefaults,
  writeDefaults,
} from './store';

const cfg = { config: { access: adminOnly } };
const tags = ['retention'];

export default async function retentionRoutes(
  base: FastifyInstance,
  opts: { runner: RetentionRunner; options: RetentionOptions },
) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const settings = async () => {
    const d = await readDefaults(app.db);
    return { ...d, check_seconds: opts.options.everySeconds, updated_on: new Date(d.updated_on).toISOString() };
  };

  app.get('/retention/settings', { ...cfg, schema: { tags, response: { 200: RetentionSettings } } }, settings);

  app.put(
    '/retention/settings',
    {
      ...cfg,
      schema: {
        tags,
        body: RetentionSettingsPut,
        response: { 200: RetentionSettings },
        description:
          'Sets the platform’s retention: bodies redacted after `redact_after_days`, messages removed after `remove_after_days` (later than the redaction), archived first when `archive`. A company’s own overrides are fields of the company.',
      },
    },
    async (req) => {
      const b = req.body;
      const problem = orderProblem(b.redact_after_days, b.remove_after_days);
      if (problem) throw new FieldError({ remove_after_days: problem });
      const before = await readDefaults(app.db);
      await writeDefaults(app.db, b);
      const after = await settings();
      const shown = (d: { redact_after_days: number | null; remove_after_days: number | null; archive: boolean }) => ({
        redact_after_days: d.redact_after_days,
        remove_after_days: d.remove_after_days,
        archive: d.archive,
      });
      await audit(req, 'retention_settings', 'platform', shown(before), shown(after));
      return after;
    },
  );

  app.post(
    '/retention/run',
    {
      ...cfg,
      schema: {
        tags,
        response: { 200: RetentionPass },
        description: 'Runs a retention pass now (or waits for the one running on this node) and answers it.',
      },
    },
    async () => {
      const pass = await opts.runner.run('admin');
      const row = await passById(app.db, pass.pass_uuid);
      if (!row) throw notFound('Retention pass');
      return row;
    },
  );

  app.get(
    '/retention/passes',
    { ...cfg, schema: { tags, querystring: PageQuery, response: { 200: ListPage(RetentionPass) } } },
    async (req) => {
      // the list tells the truth about a pass whose server stopped mid-way, without waiting for the next pass
      await closeStalePasses(app.db);
      return listPasses(app.db, req.query.page ?? 0, req.query.per_page ?? 10);
    },
  );

  app.get(
    '/retention/archives',
    { ...cfg, schema: { tags, querystring: PageQuery, response: { 200: ListPage(RetentionArchive) } } },
    async (req) => listArchives(app.db, req.query.page ?? 0, req.query.per_page ?? 10),
  );

  app.get(
    '/retention/archives/:id/download',
    {
      ...cfg,
      schema: {
        tags,
        params: IdParam,
        response: {
          200: Type.Unsafe<Buffer>({
            type: 'string',
            format: 'binary',
            description: 'the archive file as application/gzip (a CSV of the removed messages)',
          }),
        },
      },
    },
    async (req, reply) => {
      const row = await archiveById(app.db, req.params.id);
      if (!row) throw notFound('Archive file');
      // the name comes from our own table, never from the request: it cannot leave the archive folder
      const full = path.join(opts.options.archiveDir, row.file_name);
      try {
        await access(full);
      } catch {
        throw notFound('Archive file');
      }
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${path.basename(row.file_name)}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(full));
    },
  );
}
