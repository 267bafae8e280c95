import { HeaderBalance } from '@smsc/resource-billing/header';
import { GuardAlertsBanner } from '@smsc/resource-company/alerts';
import { Space } from '@smsc/shared-ui/frame';

/** The frame's header item of this area: the account's balance, linked to where its money is followed, and the guards' banner. */
export default function AreaBalance() {
  return (
    <Space size={8}>
      <GuardAlertsBanner guardsPath="/company-admin/profile/guards" />
      <HeaderBalance historyPath="/company-admin/billing/transactions" />
    </Space>
  );
}
