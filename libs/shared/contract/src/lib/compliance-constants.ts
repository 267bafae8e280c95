// Plain values of the sender registrations (compliance.ts) the console needs without TypeBox.
export const FILING_KINDS = ['brand_10dlc', 'campaign_10dlc', 'toll_free', 'sender_id'] as const;
export const FILING_STATUSES = ['draft', 'submitted', 'in_review', 'approved', 'rejected', 'expired'] as const;

export const FILING_KIND_WORDS: Record<(typeof FILING_KINDS)[number], string> = {
  brand_10dlc: 'US 10DLC brand',
  campaign_10dlc: 'US 10DLC campaign',
  toll_free: 'Toll-free verification',
  sender_id: 'Alphanumeric sender ID',
};

export const FILING_STATUS_WORDS: Record<(typeof FILING_STATUSES)[number], string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** Renewal reminders start this many days before a registration expires. */
export const RENEWAL_REMINDER_DAYS = 30;
