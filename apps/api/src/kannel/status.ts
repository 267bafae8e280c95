import type { GatewayHealth, LinkHealth } from '@smsc/shared-contract';

const tag = (xml: string, name: string): string | null => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? m[1].trim() : null;
};
const num = (s: string | null) => (s !== null && Number.isFinite(Number(s)) ? Number(s) : 0);
const rate = (s: string | null) => num(s ? s.split(',')[0] : null);

/** Kannel's status words: online, connecting / re-connecting, dead, disconnected, ... */
export function linkState(status: string): LinkHealth['state'] {
  const s = status.toLowerCase();
  if (s.startsWith('online')) return 'online';
  if (s.includes('connecting')) return 'connecting';
  if (s.startsWith('dead') || s.startsWith('disconnected') || s.startsWith('shutting')) return 'dead';
  return 'unknown';
}

/**
 * Reads bearerbox's status.xml (admin `status.xml?password=`): the gateway line and one entry per
 * smsc group. Kannel's XML is flat and fixed, so a tag scan is enough; a "Denied" answer (wrong
 * status password) or anything that is not the status document throws.
 */
export function parseStatusXml(xml: string): Pick<GatewayHealth, 'uptime' | 'queued' | 'links'> {
  if (!/<gateway>/.test(xml))
    throw new Error(
      xml.trim().startsWith('Denied')
        ? 'Kannel denied the status password'
        : 'Kannel answered something that is not status.xml',
    );
  const status = tag(xml, 'status') ?? '';
  const sms = tag(xml, 'sms') ?? '';
  const smscs = xml.split('<smscs>')[1] ?? '';
  const links: LinkHealth[] = [];
  for (const m of smscs.matchAll(/<smsc>([\s\S]*?)<\/smsc>/g)) {
    const body = m[1];
    const smsPart = tag(body, 'sms') ?? '';
    const detail = tag(body, 'status') ?? '';
    links.push({
      smsc_id: tag(body, 'id') ?? tag(body, 'admin-id') ?? '',
      state: linkState(detail),
      detail,
      queued: num(tag(body, 'queued')),
      failed: num(tag(body, 'failed')),
      received: num(tag(smsPart, 'received')),
      sent: num(tag(smsPart, 'sent')),
      rate_in: rate(tag(smsPart, 'inbound')),
      rate_out: rate(tag(smsPart, 'outbound')),
    });
  }
  const sentQueued = num(tag(tag(sms, 'sent') ?? '', 'queued'));
  return { uptime: /uptime (.*)$/.exec(status)?.[1] ?? null, queued: sentQueued, links };
}
