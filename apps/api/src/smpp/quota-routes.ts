// The platform's per-account ceilings as the console shows them beside the fields they bound (the tps field
// says how high it may go), and the check POST and PATCH /smpp_account run on tps.
import type { FastifyInstance } from 'fastify';
import { SmppLimits } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { FieldError } from '../lib/http-error';

const managers: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };

/**
 * Refuses a tps above SMPP_TPS_CEILING. `stored`: the account's tps now: sending it back unchanged is not
 * refused, so an account set higher before the ceiling was lowered can still have its other fields edited.
 */
export function checkTps(tps: number | undefined, ceiling: number, stored?: number): void {
  if (tps === undefined || tps <= ceiling || tps === stored) return;
  throw new FieldError({
    tps: `At most ${ceiling} submits per second: the platform's ceiling, set by the system admin (SMPP_TPS_CEILING)`,
  });
}

export default async function smppQuotaRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const env = app.config.env;
  app.get(
    '/smpp_account/limits',
    { config: { access: managers }, schema: { tags: ['smpp'], response: { 200: SmppLimits } } },
    async () => ({
      tps_ceiling: env.SMPP_TPS_CEILING,
      multipart_open_per_account: env.SMPP_MULTIPART_OPEN_PER_ACCOUNT,
    }),
  );
}
