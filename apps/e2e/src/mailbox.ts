import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serverDir } from './server';

/** The mails of this worker's own server (see fixtures.ts). */
function mailDir() {
  return path.join(serverDir(`worker-${test.info().parallelIndex}`), 'mail');
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest link to `pathPart` mailed to `to` by the server (through the e2e SMTP listener). */
export async function linkFromMail(to: string, pathPart: string): Promise<string> {
  let link = '';
  const MAIL_DIR = mailDir();
  await expect
    .poll(
      () => {
        if (!existsSync(MAIL_DIR)) return '';
        const mails = readdirSync(MAIL_DIR)
          .sort()
          .reverse()
          .map((f) => JSON.parse(readFileSync(path.join(MAIL_DIR, f), 'utf8')) as { to: string[]; raw: string })
          .filter((m) => m.to.includes(to.toLowerCase()));
        for (const m of mails) {
          const found = decodeQuotedPrintable(m.raw).match(new RegExp(`https?://[^\\s]*${pathPart}[^\\s]*`));
          if (found) return (link = found[0]);
        }
        return '';
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

/** The text of the newest mail to `to` whose decoded text matches `pattern` (polled until it arrives). */
export async function mailMatching(to: string, pattern: RegExp): Promise<string> {
  let text = '';
  const MAIL_DIR = mailDir();
  await expect
    .poll(
      () => {
        if (!existsSync(MAIL_DIR)) return '';
        const mails = readdirSync(MAIL_DIR)
          .sort()
          .reverse()
          .map((f) => JSON.parse(readFileSync(path.join(MAIL_DIR, f), 'utf8')) as { to: string[]; raw: string })
          .filter((m) => m.to.includes(to.toLowerCase()))
          .map((m) => decodeQuotedPrintable(m.raw));
        return (text = mails.find((m) => pattern.test(m)) ?? '');
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return text;
}
