// Every domain's part of a privacy request, in the order an export lists them (lib/personal-data.ts). A domain
// that starts keeping phone numbers or message bodies adds its holder here; privacy.spec.ts scans the whole
// schema after an erasure, so a holder left out fails it.
import type { PersonalDataHolder } from '../lib/personal-data';
import { consentHeld, messagesHeld, optOutsHeld } from '../messaging';
import { recipientsHeld } from '../messaging-content';
import { campaignRecipientsHeld } from '../campaigns';
import { bulkRecipientsHeld } from '../bulk';
import { workflowsHeld } from '../workflows';
import { webhookDeliveriesHeld } from '../company-webhooks';
import { auditEntriesHeld } from '../security';
import { filesHeld } from '../accounts';
import { mailsHeld } from '../mail';
import { lookupsHeld } from '../number-lookup';

export const HOLDERS: readonly PersonalDataHolder[] = [
  messagesHeld,
  optOutsHeld,
  consentHeld,
  recipientsHeld,
  campaignRecipientsHeld,
  bulkRecipientsHeld,
  workflowsHeld,
  webhookDeliveriesHeld,
  auditEntriesHeld,
  filesHeld,
  mailsHeld,
  lookupsHeld,
];
