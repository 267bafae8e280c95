import { Descriptions, Typography } from '@smsc/shared-ui';
import type { MessageLookup } from '@smsc/shared-contract';
import { formatMoney } from '@smsc/shared-util';

const LINE_TYPES: Record<string, string> = {
  mobile: 'Mobile',
  landline: 'Landline',
  voip: 'VoIP',
  unknown: 'Unknown',
};

/** What the lookup said, in words: its network, or why there is none. */
function outcome(l: MessageLookup): string {
  if (l.status === 'failed')
    return l.error === 'timeout'
      ? 'Failed: the provider did not answer in time'
      : 'Failed: the provider answered an error';
  if (l.status === 'unknown') return 'The provider does not know the number';
  return 'Found';
}

/**
 * A message's number lookup (issue 49 item 5, docs/number-lookup.md) in its details: the network the number is on
 * now, whether it was ported there, its line type, who answered, what the route followed and, for the admin and
 * resellers, what the lookup cost.
 */
export function SmsLookupDetails({ lookup, currency }: { lookup: MessageLookup; currency: string }) {
  const found = lookup.status === 'found';
  const items = [
    { key: 'outcome', label: 'Lookup', children: outcome(lookup) },
    ...(found
      ? [
          {
            key: 'network',
            label: 'Mobile network',
            children: `${lookup.network_name ?? '—'}${lookup.mcc && lookup.mnc ? ` (MCC ${lookup.mcc}, MNC ${lookup.mnc})` : ''}`,
          },
          { key: 'ported', label: 'Ported', children: lookup.ported ? 'Yes' : 'No' },
          { key: 'line', label: 'Line type', children: LINE_TYPES[lookup.line_type ?? 'unknown'] },
        ]
      : []),
    {
      key: 'source',
      label: 'Answered by',
      children:
        lookup.source === 'cache'
          ? `${lookup.provider} (an earlier answer, kept)`
          : lookup.source === 'provider'
            ? lookup.provider
            : '—',
    },
    {
      key: 'routed',
      label: 'Routed by',
      children:
        lookup.routed_by === 'lookup'
          ? 'The network the lookup found'
          : "The number's prefix (no network from the lookup)",
    },
    ...(lookup.cost !== null
      ? [{ key: 'cost', label: 'Lookup cost', children: formatMoney(lookup.cost, currency) }]
      : []),
  ];
  return (
    <section aria-labelledby="sms-lookup-title" data-testid="sms-lookup">
      <Typography.Title level={3} id="sms-lookup-title" style={{ fontSize: 15, marginTop: 0 }}>
        Number lookup
      </Typography.Title>
      <Descriptions size="small" column={1} bordered items={items} />
    </section>
  );
}
