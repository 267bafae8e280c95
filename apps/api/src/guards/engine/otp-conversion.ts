// The "low conversion of OTP-style sends" signal as plain data (docs/guards.md). A pumped one-time code is
// never typed back in: the numbers belong to the fraudster, who is paid per message received. A company's
// verification service reports each code that was used (POST /sms/{id}/feedback, outcome confirmed); when
// the codes sent to one destination are seldom confirmed, that destination is held.

export interface OtpThresholds {
  enabled: boolean;
  windowSeconds: number;
  destinationDigits: number;
  /** codes to one destination (older than the grace) before their conversion is judged */
  otpMinMessages: number;
  /** a confirmed share (%) under this holds the destination */
  otpConfirmPercent: number;
  /** seconds a code has to be used before it counts against the destination */
  otpGraceSeconds: number;
}

// A word that names a code, near a run of 4 to 8 digits (or two groups of 3, "123-456"). Both are asked:
// digits alone are prices, dates and order numbers; the word alone is a marketing text about security.
const CODE_WORD =
  /\b(code|otp|pin|passcode|password|one[- ]?time|verification|verify|2fa|token|c[oó]digo|contrase[nñ]a|kod|mot de passe|best[aä]tigungscode)\b/i;
const CODE_DIGITS = /(?<![\d.,])(\d{4,8}|\d{3}[- ]\d{3})(?![\d.,]\d)/;

/** Whether a message's text carries a one-time code. */
export function looksLikeOtp(text: string): boolean {
  return CODE_WORD.test(text) && CODE_DIGITS.test(text);
}

/** Whether codes sent and confirmed show low conversion: enough of them, too few used. */
export function lowConversion(sent: number, confirmed: number, t: OtpThresholds): boolean {
  return sent >= t.otpMinMessages && confirmed * 100 < t.otpConfirmPercent * sent;
}

/** codes kept per destination at most (bounded memory; the newest are judged) */
const MAX_PER_DESTINATION = 2_000;

/**
 * The one-time codes of one process, per company and destination, with when they were sent. due() answers
 * the codes old enough to judge, at most once per destination per `recheckMs` (judging asks the database
 * which were confirmed: the feedback may land on another node).
 */
export class OtpWindows {
  private windows = new Map<string, { at: number[]; ids: string[]; checked: number }>();

  add(company_uuid: string, destination: string, sms_uuid: string, t: OtpThresholds, now = Date.now()): void {
    if (!t.enabled) return;
    const key = `${company_uuid}|${destination}`;
    let w = this.windows.get(key);
    if (!w) this.windows.set(key, (w = { at: [], ids: [], checked: 0 }));
    w.at.push(now);
    w.ids.push(sms_uuid);
    const since = now - t.windowSeconds * 1000;
    let drop = 0;
    while (drop < w.at.length && (w.at[drop] < since || w.at.length - drop > MAX_PER_DESTINATION)) drop++;
    if (drop) {
      w.at.splice(0, drop);
      w.ids.splice(0, drop);
    }
  }

  /** The codes of a destination past their grace, when there are enough to judge and it was not judged lately. */
  due(company_uuid: string, destination: string, t: OtpThresholds, now = Date.now(), recheckMs = 5000): string[] {
    const w = this.windows.get(`${company_uuid}|${destination}`);
    if (!w || now - w.checked < recheckMs) return [];
    const since = now - t.windowSeconds * 1000;
    const ripe = now - t.otpGraceSeconds * 1000;
    const ids: string[] = [];
    for (let i = 0; i < w.at.length; i++) if (w.at[i] >= since && w.at[i] <= ripe) ids.push(w.ids[i]);
    if (ids.length < t.otpMinMessages) return [];
    w.checked = now;
    return ids;
  }

  /** Forgets a destination's codes (its hold was released: judged afresh). */
  forget(company_uuid: string, prefix: string): void {
    for (const key of this.windows.keys())
      if (key.startsWith(`${company_uuid}|`) && key.slice(key.indexOf('|') + 1).startsWith(prefix))
        this.windows.delete(key);
  }

  prune(now: number, windowSeconds: number): void {
    const since = now - windowSeconds * 1000;
    for (const [k, w] of this.windows) if (!w.at.length || w.at[w.at.length - 1] < since) this.windows.delete(k);
  }
}
