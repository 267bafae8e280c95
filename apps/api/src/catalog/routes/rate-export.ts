import { Readable } from 'node:stream';
import { csvCell, type CsvKind } from '@smsc/shared-util';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { IdParam, RateExport } from '@smsc/shared-contract';
import type { Database } from '../../db/schema';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { notFound } from '../../lib/http-error';
import { catalogAccess } from '../scope';
import { ofReseller, rowsOf } from '../../lib/tenancy';
import { namedRateTable, namedVendorProduct, rateFilePage, type RateFileOwner } from '../rate-file-store';

/** The import's own columns first, so an exported file imports back as it is; the names after them are for people. */
export const EXPORT_COLUMNS = [
  'code',
  'mobile_network_uuid',
  'price',
  'effective_from',
  'mcc',
  'mnc',
  'network_name',
  'country_name',
] as const;
const PAGE = 5000;

/** One field through the one CSV writer; a rate's price keeps every digit so the file imports back exactly. */
export const csvField = (value: string | null, kind: CsvKind = 'text'): string => csvCell(value, kind);

type Owner = RateFileOwner;

/** Reads the rates a page at a time (keyset on code, then id), so a 100,000-rate deck never sits in memory whole. */
export async function* rateCsv(db: Kysely<Database>, owner: Owner): AsyncGenerator<string> {
  yield `${EXPORT_COLUMNS.join(',')}\r\n`;
  let after: { code: string; id: string } | null = null;
  for (;;) {
    const rows = await rateFilePage(db, owner, after, PAGE);
    if (!rows.length) return;
    yield (
      rows
        .map((r) =>
          [
            csvField(r.code),
            csvField(r.mobile_network_uuid),
            csvField(r.price, 'number'),
            csvField(new Date(r.effective_from).toISOString()),
            csvField(r.mcc),
            csvField(r.mnc),
            csvField(r.network_name),
            csvField(r.country_name),
          ].join(','),
        )
        .join('\r\n') + '\r\n'
    );
    const last = rows[rows.length - 1];
    after = { code: last.sort_code, id: last.rate_uuid };
    if (rows.length < PAGE) return;
  }
}

/**
 * GET /rate_table/{id}/export and /vendor_product/{id}/export (additions to the spec): the rates as
 * a CSV download, streamed, in the import's columns.
 */
export default async function rateExportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const schema = (tag: string) => ({
    tags: [tag],
    params: IdParam,
    produces: ['text/csv'],
    response: { 200: RateExport },
    description: `text/csv with the columns ${EXPORT_COLUMNS.join(', ')}; imports back through the matching import call.`,
  });
  const send = (reply: import('fastify').FastifyReply, name: string, owner: Owner) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${name.replace(/[^A-Za-z0-9_.-]+/g, '-').slice(0, 80) || 'rates'}.csv"`,
      )
      .send(Readable.from(rateCsv(app.db, owner)));

  app.get(
    '/rate_table/:id/export',
    { config: { access: catalogAccess }, schema: schema('rates') },
    async (req, reply) => {
      const t = await namedRateTable(app.db, req.params.id, rowsOf(req, ofReseller('reseller_uuid')));
      if (!t) throw notFound('Rate table');
      return send(reply, t.rate_table_name, { rate_table_uuid: t.rate_table_uuid });
    },
  );

  app.get(
    '/vendor_product/:id/export',
    { config: { access: catalogAccess }, schema: schema('vendors') },
    async (req, reply) => {
      const vp = await namedVendorProduct(app.db, req.params.id, rowsOf(req, ofReseller('v.reseller_uuid')));
      if (!vp) throw notFound('Vendor product');
      return send(reply, vp.vendor_product_name, { vendor_product_uuid: vp.vendor_product_uuid });
    },
  );
}
