import { HeaderBalance } from '@smsc/resource-billing/header';
import { resellerRoutes } from './route-table';

/** The frame's header item of this area: the account's balance, linked to where its money is followed. */
export default function AreaBalance() {
  return <HeaderBalance historyPath={resellerRoutes.to('paymentGateway')} />;
}
