// The documents generated from the variable declarations (env.ts): `.env.example` and the table in
// apps/api/README.md between the env-table markers. tools/scripts/env-docs.ts writes them; a test fails
// when a declaration changed and they were not regenerated.
import { ENV_ENTRIES, type EnvEntry } from './env';
import { expected } from './read-env';

export const README_START = '<!-- env-table:start (generated from apps/api/src/config/env.ts: npm run env-docs) -->';
export const README_END = '<!-- env-table:end -->';

const groups = () => {
  const by = new Map<string, EnvEntry[]>();
  for (const e of ENV_ENTRIES) by.set(e.group, [...(by.get(e.group) ?? []), e]);
  return [...by];
};

const defaultText = (e: EnvEntry) => (e.default !== undefined ? `\`${String(e.default)}\`` : (e.shown ?? '–'));
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The README's variable tables, one per group (markdown, before Prettier aligns the columns). */
export function renderEnvTable(): string {
  const parts = groups().map(([group, entries]) =>
    [
      `**${group}**`,
      '',
      '| Variable | Type | Default | Meaning |',
      '| --- | --- | --- | --- |',
      ...entries.map(
        (e) => `| ${e.name} | ${cell(expected(e.schema))} | ${cell(defaultText(e))} | ${cell(e.description)} |`,
      ),
    ].join('\n'),
  );
  return [README_START, '', ...parts.flatMap((p) => [p, '']), README_END].join('\n');
}

/** README text with its generated section replaced (the markers must be there). */
export function withEnvTable(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error('apps/api/README.md has no env-table markers');
  return readme.slice(0, start) + renderEnvTable() + readme.slice(end + README_END.length);
}

const wrap = (text: string, width = 100) => {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + word.length + 1 > width && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
};

/** `.env.example`: every variable, its meaning and default; set ones carry the default, the rest are commented out. */
export function renderEnvExample(): string {
  const out = [
    '# SMSC Console API: every environment variable (generated from apps/api/src/config/env.ts by',
    '# `npm run env-docs`; edit the declarations there, not this file). Unset = the default shown.',
    '# The server checks them at start and exits 1 naming any bad value.',
  ];
  for (const [group, entries] of groups()) {
    out.push('', `# ---- ${group} ----`);
    for (const e of entries) {
      out.push('', ...wrap(`${e.description} (${expected(e.schema)}; default: ${defaultText(e).replace(/`/g, '')})`));
      if (e.default !== undefined) out.push(`${e.name}=${String(e.default)}`);
      else out.push(`# ${e.name}=${e.example ?? ''}`);
    }
  }
  return out.join('\n') + '\n';
}
