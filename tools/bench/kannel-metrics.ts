// What bench:kannel shows of a /metrics scrape: the receipt-latency histogram (its count, sum and a few
// buckets) and each gateway link's throughput and bind state, the figures an operator watches for the gateway.

/** `name{labels} value` lines of a Prometheus text exposition whose name is `name` or starts with it. */
const samples = (text: string, name: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(name) && !l.startsWith('#'))
    .map((l) => {
      const at = l.lastIndexOf(' ');
      return { key: l.slice(0, at), value: Number(l.slice(at + 1)) };
    });

export function metricsSummary(text: string) {
  const latency = samples(text, 'smsc_receipt_latency_seconds');
  const one = (suffix: string) => latency.find((s) => s.key.startsWith(`smsc_receipt_latency_seconds_${suffix}`));
  const count = one('count')?.value ?? 0;
  const sum = one('sum')?.value ?? 0;
  // a few upper bounds, as `le <= seconds: receipts`, in the exposition's order
  const buckets = latency
    .filter((s) => s.key.includes('_bucket') && /le="(1|2|5|10|30|60|\+Inf)"/.test(s.key))
    .map((s) => `le ${/le="([^"]+)"/.exec(s.key)?.[1]}: ${s.value}`);
  return {
    receipt_latency: {
      count,
      sum_seconds: +sum.toFixed(1),
      mean_seconds: count ? +(sum / count).toFixed(2) : null,
      buckets,
    },
    link_throughput: samples(text, 'smsc_gateway_link_throughput_per_second').map((s) => `${s.key} ${s.value}`),
    link_up: samples(text, 'smsc_gateway_link_up').map((s) => `${s.key} ${s.value}`),
  };
}
