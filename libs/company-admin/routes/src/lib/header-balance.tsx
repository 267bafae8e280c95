import { HeaderBalance } from '@smsc/resource-billing/header';
import { GuardAlertsBanner } from '@smsc/resource-company/alerts';
import { Space } from '@smsc/shared-ui/frame';
import { companyAdminRoutes } from './route-table';

/** The frame's header item of this area: the account's balance, linked to where its money is followed, and the guards' banner. */
export default function AreaBalance() {
  return (
    <Space size={8}>
      <GuardAlertsBanner guardsPath={companyAdminRoutes.to('profileGuards')} />
      <HeaderBalance historyPath={companyAdminRoutes.to('billingTransactions')} />
    </Space>
  );
}
