import type { FastifyRequest } from 'fastify';
import { targetCompany } from '../../lib/tenancy';

/**
 * The company a suppression or opt-out call acts for: a company admin's own (an API key's too); the system admin
 * and resellers name one they may manage (404 for one they may not, so existence is not revealed).
 */
export const companyOf = (req: FastifyRequest, company_uuid: string | undefined, what: string): Promise<string> =>
  targetCompany(req.server.db, req, company_uuid, {
    missing: `company_uuid: choose ${what}`,
    other: 'company_uuid: a company admin acts for its own company only',
  });

/** Where a person's change came from: a program (an API key) or the console. */
export const consentSourceOf = (req: FastifyRequest): 'api' | 'console' => (req.user.api_key_uuid ? 'api' : 'console');
