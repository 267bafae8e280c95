// The DNS port: how the platform reads the TXT records that prove a reseller controls a host name. The built-in
// simulator (dns-simulator.ts) is the default, so a demo or a test verifies a domain without a real zone; a real
// adapter implements the one call below, e.g. over node:dns (docs/branding.md):
//
//   const system: DnsResolver = {
//     name: 'system',
//     async txt(name) {
//       try { return (await dns.promises.resolveTxt(name)).map((chunks) => chunks.join('')); }
//       catch (e) { if (['ENOTFOUND', 'ENODATA'].includes((e as NodeJS.ErrnoException).code ?? '')) return [];
//                   throw new DnsUnavailable(String(e)); }
//     },
//   };

/** The resolver could not answer (timeout, SERVFAIL): the domain keeps its state and may be checked again. */
export class DnsUnavailable extends Error {}

export interface DnsResolver {
  readonly name: string;
  /** The TXT strings published at `name` (each record's chunks joined); [] when there is none. */
  txt(name: string): Promise<string[]>;
}
