import type { FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../lib/http-error';
import { COMPANY_OWNERS, rowsOf } from '../../lib/tenancy';

/**
 * The company a suppression or opt-out call acts for: a company admin's own (an API key's too); the system admin
 * and resellers name one they may manage (404 for one they may not, so existence is not revealed).
 */
export async function companyOf(req: FastifyRequest, company_uuid: string | undefined, what: string): Promise<string> {
  const u = req.user;
  if (u.user_type === 'company_admin') {
    if (company_uuid && company_uuid !== u.company_uuid)
      throw new HttpError(403, 'company_uuid: a company admin acts for its own company only');
    return u.company_uuid as string;
  }
  if (!company_uuid) throw new HttpError(400, `company_uuid: choose ${what}`);
  const company = await req.server.db
    .selectFrom('companies')
    .select('company_uuid')
    .where('company_uuid', '=', company_uuid)
    .where(rowsOf(req, COMPANY_OWNERS))
    .executeTakeFirst();
  if (!company) throw notFound('Company');
  return company_uuid;
}

/** Where a person's change came from: a program (an API key) or the console. */
export const consentSourceOf = (req: FastifyRequest): 'api' | 'console' => (req.user.api_key_uuid ? 'api' : 'console');
