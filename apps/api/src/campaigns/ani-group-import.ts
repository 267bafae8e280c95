import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  ANI_GROUP_CSV_COLUMNS,
  AniGroupImportBody,
  AniGroupImportResult,
  CAMPAIGN_NAME_MAX,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { acceptRows, readCsvTable, readCsvUpload, refuseLines } from '../lib/csv-upload';
import { parseNanp } from '../numbers';
import { CAMPAIGN_ACCESS } from './queries';
import { aniGroupNames, insertAniGroup } from './ani-group-store';
import { targetCompany } from '../lib/tenancy';

export interface AniGroupLine {
  line: number;
  name: string;
  number: string;
}

/**
 * Reads an ANI group CSV (headers name and number, any order; one line per number, lines with the
 * same name make one group). Every bad line is named in one 400 (up to 20) and nothing is written.
 */
export function parseAniGroupCsv(csv: string): AniGroupLine[] {
  const { records, problems } = readCsvTable(csv, ANI_GROUP_CSV_COLUMNS);
  const seen = new Map<string, number>();
  const rows: AniGroupLine[] = [];
  for (const r of records) {
    const { line } = r;
    const name = r.get('name');
    const raw = r.get('number');
    if (!name || name.length > CAMPAIGN_NAME_MAX) {
      problems.push(`Line ${line}: name is empty or longer than ${CAMPAIGN_NAME_MAX} characters`);
      continue;
    }
    const n = parseNanp(raw);
    if (!n) {
      problems.push(`Line ${line}: "${raw}" is not a valid North American number`);
      continue;
    }
    const key = `${name.toLowerCase()}\u0000${n.e164}`;
    const first = seen.get(key);
    if (first) {
      problems.push(`Line ${line}: ${n.e164} repeats line ${first} in group "${name}"`);
      continue;
    }
    seen.set(key, line);
    rows.push({ line, name, number: n.e164 });
  }
  return acceptRows(rows, problems);
}

/** POST /ani_group/import: JSON `{ csv, company_uuid? }` or a multipart upload in the field `file`; every group or none. */
export default async function aniGroupImportRoutes(base: FastifyInstance) {
  await base.register(multipart);
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/ani_group/import',
    {
      // a CSV of many lines: counts against the tenant's large-request limit (lib/heavy-requests.ts)
      config: { access: CAMPAIGN_ACCESS.write, heavy: true },
      schema: {
        tags: ['ani groups'],
        description:
          'JSON `{ csv, company_uuid }` or multipart/form-data with the CSV (headers name, number) in the field "file". Imports every group or none.',
        body: {
          content: { 'application/json': { schema: AniGroupImportBody }, 'multipart/form-data': { schema: {} } },
        },
        response: { 201: AniGroupImportResult },
      },
    },
    async (req, reply) => {
      const { csv, company_uuid: named } = await readCsvUpload(req);
      const company_uuid = await targetCompany(app.db, req, named);
      const rows = parseAniGroupCsv(csv);
      const dids = await app.numbers.sendersAmong(app.db, company_uuid, [...new Set(rows.map((r) => r.number))]);
      const byNumber = new Map(dids.map((d) => [d.did, d.did_uuid]));
      const existing = new Set((await aniGroupNames(app.db, company_uuid)).map((g) => g.name.toLowerCase()));
      const problems: string[] = [];
      for (const r of rows) {
        if (!byNumber.has(r.number))
          problems.push(`Line ${r.line}: ${r.number} is not one of the company's sending numbers`);
        if (existing.has(r.name.toLowerCase()))
          problems.push(`Line ${r.line}: the company already has an ANI group named "${r.name}"`);
      }
      if (problems.length) throw refuseLines(problems);
      const groups = new Map<string, { name: string; dids: { did_uuid: string }[] }>();
      for (const r of rows) {
        const g = groups.get(r.name.toLowerCase()) ?? { name: r.name, dids: [] };
        g.dids.push({ did_uuid: byNumber.get(r.number) as string });
        groups.set(r.name.toLowerCase(), g);
      }
      const made = await app.db.transaction().execute(async (trx) => {
        const out: { ani_group_uuid: string; name: string; numbers: number }[] = [];
        for (const g of groups.values()) {
          const ani_group_uuid = await insertAniGroup(trx, company_uuid, g.name, g.dids);
          out.push({ ani_group_uuid, name: g.name, numbers: g.dids.length });
        }
        return out;
      });
      return reply.code(201).send({ imported: made.length, groups: made });
    },
  );
}
