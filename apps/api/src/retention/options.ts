// The retention job's settings: BuildOptions.retention (tests), else RETENTION_* (config/env-services.ts).
import path from 'node:path';
import { REPO_ROOT, type EnvConfig } from '../config';

export interface RetentionOptions {
  /** the folder the archive files go to */
  archiveDir: string;
  /** messages redacted or removed in one transaction */
  batchSize: number;
  /** how often the pass runs; 0: never by itself (tests run it by hand) */
  everySeconds: number;
}

type RetentionEnv = Pick<EnvConfig, 'RETENTION_ARCHIVE_DIR' | 'RETENTION_BATCH_SIZE' | 'RETENTION_CHECK_SECONDS'>;

export function retentionFrom(o: Partial<RetentionOptions> | undefined, env: RetentionEnv): RetentionOptions {
  return {
    archiveDir: o?.archiveDir ?? env.RETENTION_ARCHIVE_DIR ?? path.join(REPO_ROOT, 'data/retention-archive'),
    batchSize: o?.batchSize ?? env.RETENTION_BATCH_SIZE,
    everySeconds: o?.everySeconds ?? env.RETENTION_CHECK_SECONDS,
  };
}
