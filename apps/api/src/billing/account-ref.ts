/** A company's or a reseller's account (a reseller's own balance, not its companies'). */
export type AccountRef = { company_uuid: string } | { reseller_uuid: string };

/** The billing_accounts column and id an account is found by. */
export const refColumn = (ref: AccountRef) =>
  'company_uuid' in ref
    ? ({ col: 'company_uuid', id: ref.company_uuid } as const)
    : ({ col: 'reseller_uuid', id: ref.reseller_uuid } as const);
