// Per-tenant quotas of the customer SMPP listener: what one account may take of state every tenant shares
// (docs/security.md, "Per-tenant quotas").
import { int } from './env-kinds';

export const SMPP_QUOTA_ENV = {
  SMPP_TPS_CEILING: int(1, {
    default: 1000,
    maximum: 100_000,
    group: 'Gateway',
    description:
      'highest `tps` an SMPP account may be given (the console refuses more); an account set higher before the ceiling was lowered is throttled at it',
  }),
  SMPP_MULTIPART_OPEN_PER_ACCOUNT: int(1, {
    default: 300,
    maximum: 100_000,
    group: 'Gateway',
    description:
      'incomplete concatenated SMPP messages one account may have open at once on a process; past it the account hears ESME_RMSGQFUL, other accounts are not affected',
  }),
  SMPP_MULTIPART_OPEN_TOTAL: int(1, {
    default: 30_000,
    maximum: 1_000_000,
    group: 'Gateway',
    description:
      'incomplete concatenated SMPP messages of all accounts together on a process (a memory safety net; keep it many times SMPP_MULTIPART_OPEN_PER_ACCOUNT)',
  }),
};
