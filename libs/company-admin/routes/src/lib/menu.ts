import type { MenuEntry } from '@smsc/shared-ui';
import { companyAdminRoutes } from './route-table';

// docs/spec.md §2: the menu is the route table's menu rows, in the table's order (route-table.ts)
export const companyAdminMenu: MenuEntry[] = companyAdminRoutes.menu();
