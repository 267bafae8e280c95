import { readFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { renderEnvExample, withEnvTable } from './env-docs';

export const README = 'apps/api/README.md';
export const ENV_EXAMPLE = '.env.example';

/** The generated files as they must read on disk (the README through Prettier, as lint formats it). */
export async function envDocs(root: string): Promise<{ file: string; text: string }[]> {
  const readmePath = path.join(root, README);
  const options = await resolveConfig(readmePath);
  const readme = await format(withEnvTable(readFileSync(readmePath, 'utf8')), { ...options, filepath: readmePath });
  return [
    { file: README, text: readme },
    { file: ENV_EXAMPLE, text: renderEnvExample() },
  ];
}
