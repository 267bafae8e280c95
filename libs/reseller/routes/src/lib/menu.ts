import type { MenuEntry } from '@smsc/shared-ui';
import { resellerRoutes } from './route-table';

// docs/spec.md §2: the menu is the route table's menu rows, in the table's order (route-table.ts)
export const resellerMenu: MenuEntry[] = resellerRoutes.menu();
