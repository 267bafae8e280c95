import { useGetSmppLimitsQuery } from './smpp-account.api';

/** Under the tps field: how high the platform lets an account go (SMPP_TPS_CEILING; the server refuses more). */
export function TpsCeilingHelp() {
  const limits = useGetSmppLimitsQuery();
  if (!limits.data) return null;
  return (
    <span data-testid="tps-ceiling">
      At most {limits.data.tps_ceiling} on this platform (the ceiling the system admin set); an account set higher
      earlier is throttled at it.
    </span>
  );
}
