// DID webhooks: since migration 510 they are company webhooks scoped to a number (company-webhooks), signed with
// Standard Webhooks and, until their deprecation date, also with the old header defined here. No I/O.
import { classifyAddress } from '../../lib/outbound/address-policy';

export {
  signLegacy as signWebhook,
  verifyLegacy as verifyWebhook,
  LEGACY_SIGNATURE_HEADER as SIGNATURE_HEADER,
  LEGACY_TIMESTAMP_HEADER as TIMESTAMP_HEADER,
} from '../../company-webhooks';

/**
 * True for an address a customer's webhook must not reach (anything but public unicast, in any textual
 * form). Without this a webhook is a way into the platform's own admin ports (Kannel's among them).
 */
export const isPrivateAddress = (ip: string): boolean => !classifyAddress(ip).ok;
