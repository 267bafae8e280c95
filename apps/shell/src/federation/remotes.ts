import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RoleModule } from '@smsc/shared-ui/core';

export interface Manifest {
  remotes: Record<string, string>;
  chunkTimeoutMs: number;
}

export const CHUNK_TIMEOUT_MS = 120_000;
export const CHUNK_FAILED = 'Loading chunk failed';

let manifest: Manifest = { remotes: {}, chunkTimeoutMs: CHUNK_TIMEOUT_MS };

/** Remote URLs are read at start, so a remote can be redeployed without rebuilding the shell. */
export async function loadManifest(url = '/remotes.json'): Promise<Manifest> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    const body = (await res.json()) as Partial<Manifest>;
    manifest = { remotes: body.remotes ?? {}, chunkTimeoutMs: body.chunkTimeoutMs ?? CHUNK_TIMEOUT_MS };
  } catch (error) {
    console.error('[console] remote manifest unavailable; role areas will show their fallback', error);
  }
  registerRemotes(Object.entries(manifest.remotes).map(([name, entry]) => ({ name, entry })));
  return manifest;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_FAILED)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Loads a role remote's route table. One automatic retry covers a passing network fault; after that
 * the area's fallback offers a manual retry. A load that never settles fails after the chunk
 * time-out (docs/spec.md §9: 120 s) with 'Loading chunk failed'.
 */
export async function loadRoleModule(remote: string, attempts = 2): Promise<RoleModule> {
  const entry = manifest.remotes[remote];
  if (!entry) throw new Error(`${CHUNK_FAILED}: no address for the ${remote} area`);
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) {
      await wait(500);
      // forget the failed container so the next attempt fetches its entry again
      registerRemotes([{ name: remote, entry }], { force: true });
    }
    try {
      const mod = await withTimeout(loadRemote<{ default: RoleModule }>(`${remote}/routes`), manifest.chunkTimeoutMs);
      if (!mod?.default?.routes) throw new Error(`${CHUNK_FAILED}: ${remote} exposes no route table`);
      return mod.default;
    } catch (error) {
      lastError = error;
      if (error instanceof Error && error.message === CHUNK_FAILED) break;
    }
  }
  const message = lastError instanceof Error ? lastError.message : String(lastError);
  throw new Error(message.startsWith(CHUNK_FAILED) ? message : `${CHUNK_FAILED}: ${message}`);
}

export const chunkTimeoutMs = () => manifest.chunkTimeoutMs;

export function forgetRemote(remote: string): void {
  const entry = manifest.remotes[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}
