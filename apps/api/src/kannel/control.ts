import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GatewayConnection, GatewayControl } from '../catalog';
import {
  diffConfig,
  IDLE_LINK,
  parseRendered,
  renderKannelConfig,
  type KannelLayout,
  type RenderedConfig,
} from './config';
import type { GatewayHealth } from '@smsc/shared-contract';
import { parseStatusXml } from './status';
import { HttpError } from '../lib/http-error';

export interface KannelControlOptions {
  layout: KannelLayout;
  /** the kannel.conf bearerbox and smsbox run with */
  confPath: string;
  /** bearerbox's admin interface, e.g. http://127.0.0.1:14000 */
  adminUrl: string;
  /** opens a stored (sealed) password; throws when it cannot (the server key changed) */
  openPassword: (stored: string) => string;
  /** after a restart: the links carrying traffic now (the adapter routes by them) */
  onLinks?: (connections: GatewayConnection[]) => void;
}

/** Atomic: bearerbox re-reading mid-write would see half a file. */
export function writeConfigFile(file: string, text: string, layout: Pick<KannelLayout, 'dataDir'>) {
  mkdirSync(path.dirname(file), { recursive: true });
  // the spool DLR store does not create its own directory
  mkdirSync(path.join(layout.dataDir, 'dlr-spool'), { recursive: true });
  writeFileSync(`${file}.tmp`, text, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/**
 * POST /gateway {command: "restart"} with Kannel: renders the active connections, writes kannel.conf
 * and applies only what changed through the admin interface. A changed link is stopped and started
 * again (start-smsc re-reads its group: the queue waits in bearerbox meanwhile), a new one added, a
 * gone one removed; a change to core/smsbox/sendsms settings takes a hard restart, which drains
 * and re-reads everything (the file store keeps what is queued). Also reads the links' health.
 */
export class KannelControl implements GatewayControl {
  private applied: RenderedConfig | null;

  constructor(private readonly o: KannelControlOptions) {
    this.applied = existsSync(o.confPath) ? parseRendered(readFileSync(o.confPath, 'utf8')) : null;
  }

  /** the smsc-ids in the kannel.conf Kannel runs */
  get configuredLinks(): Set<string> {
    return new Set(this.applied?.links.keys() ?? []);
  }

  private async admin(command: string, params: Record<string, string> = {}): Promise<string> {
    const q = new URLSearchParams({ password: this.o.layout.adminPassword, ...params });
    const res = await fetch(`${this.o.adminUrl}/${command}?${q}`, { signal: AbortSignal.timeout(10_000) });
    const body = await res.text();
    if (!res.ok || /^Denied/.test(body.trim()))
      throw new Error(`Kannel ${command} answered ${res.status}: ${body.trim().slice(0, 200)}`);
    return body;
  }

  /**
   * The passwords in the clear, here only, for the file bearerbox reads. One that does not open stops
   * the restart (rendering without it would drop or break a live link).
   */
  private opened(connections: GatewayConnection[]): GatewayConnection[] {
    const unreadable: string[] = [];
    const out = connections.map((c) => {
      if (c.password === null) return c;
      try {
        return { ...c, password: this.o.openPassword(c.password) };
      } catch {
        unreadable.push(c.smsc_id);
        return c;
      }
    });
    if (unreadable.length) {
      throw new HttpError(
        409,
        `The stored password of ${unreadable.join(', ')} cannot be decrypted with this server's SECRET_KEY: enter it again on the connection`,
      );
    }
    return out;
  }

  async restart(connections: GatewayConnection[]): Promise<{ message: string }> {
    const next = renderKannelConfig(this.opened(connections), this.o.layout);
    const change = diffConfig(this.applied, next);
    writeConfigFile(this.o.confPath, next.text, this.o.layout);
    const skipped = next.skipped.length
      ? ` Not carried by Kannel: ${next.skipped.map((s) => `${s.smsc_id} (${s.reason})`).join(', ')}.`
      : '';
    let did: string;
    try {
      if (change.kind === 'none') did = 'nothing changed';
      else if (change.kind === 'restart') {
        await this.admin('restart');
        did = `Kannel restarted (${change.reason})`;
      } else {
        for (const id of change.removed) await this.admin('remove-smsc', { smsc: id });
        for (const id of change.changed) {
          await this.admin('stop-smsc', { smsc: id });
          await this.admin('start-smsc', { smsc: id });
        }
        for (const id of change.added) await this.admin('add-smsc', { smsc: id });
        const parts = [
          ['added', change.added],
          ['re-bound', change.changed],
          ['removed', change.removed],
        ]
          .filter(([, l]) => l.length)
          .map(([w, l]) => `${w} ${(l as string[]).join(', ')}`);
        did = `Kannel ${parts.join('; ')}`;
      }
    } catch (e) {
      // the file is written: the next start reads it; the answer says it is not live yet
      throw new HttpError(502, `kannel.conf written but not applied: ${(e as Error).message}`);
    }
    this.applied = next;
    this.o.onLinks?.(connections.filter((c) => next.links.has(c.smsc_id)));
    return { message: `${did}: ${next.links.size} link(s) configured.${skipped}` };
  }

  async status(): Promise<GatewayHealth> {
    try {
      const res = await fetch(
        `${this.o.adminUrl}/status.xml?password=${encodeURIComponent(this.o.layout.statusPassword)}`,
        { signal: AbortSignal.timeout(5000) },
      );
      const parsed = parseStatusXml(await res.text());
      parsed.links = parsed.links.filter((l) => l.smsc_id !== IDLE_LINK);
      return {
        gateway: 'kannel',
        reachable: true,
        message: `Kannel bearerbox running, uptime ${parsed.uptime ?? 'unknown'}`,
        ...parsed,
        checked_on: new Date().toISOString(),
      };
    } catch (e) {
      return {
        gateway: 'kannel',
        reachable: false,
        message: `Kannel's admin interface did not answer: ${(e as Error).message}`,
        uptime: null,
        queued: 0,
        links: [],
        checked_on: new Date().toISOString(),
      };
    }
  }
}
