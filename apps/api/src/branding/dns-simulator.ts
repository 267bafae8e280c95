import { DnsUnavailable, type DnsResolver } from './dns-port';

/**
 * The built-in DNS: a zone held in memory that a test (or the demo's operator, through `publish`) fills. A name
 * set to fail answers like a resolver that times out, so the failure path is exercised too.
 */
export class SimulatedDns implements DnsResolver {
  readonly name = 'simulator';
  private readonly records = new Map<string, string[]>();
  private readonly failing = new Set<string>();

  publish(name: string, value: string): void {
    const key = name.toLowerCase();
    this.records.set(key, [...(this.records.get(key) ?? []), value]);
  }

  /** The next lookups of `name` fail until `heal`. */
  fail(name: string): void {
    this.failing.add(name.toLowerCase());
  }

  heal(name: string): void {
    this.failing.delete(name.toLowerCase());
  }

  async txt(name: string): Promise<string[]> {
    const key = name.toLowerCase();
    if (this.failing.has(key)) throw new DnsUnavailable(`DNS lookup of ${key} timed out (simulated)`);
    return [...(this.records.get(key) ?? [])];
  }
}
