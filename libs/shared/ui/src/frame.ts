// The signed-in frame's door to antd: what a role home shows (side bar, header, menu, the home card)
// and the route-table machinery that fetches each area's screens on their first visit. It is its own
// shared singleton, so a role home does not fetch the data kit (tables, forms, resource pages);
// `@smsc/shared-ui` re-exports all of it, so every entry hands out the same modules.
// antd's App (modal, message and notification context for confirms) is not here: the data kit's list
// brings it (resource-table.tsx), so a role home or a light landing never fetches it
// Grid, Flex, Statistic and Skeleton draw the company admin's dashboard (its landing) without the data kit
export { Card, Col, Descriptions, Flex, Layout, Menu, Row, Skeleton, Space, Statistic, Typography } from 'antd';
export type { MenuProps } from 'antd';
export { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
export { RoleRoutes, innermostTitle, unbuiltEntry } from './lib/role-routes';
export { matchMenu, menuHref, groupKey, type MenuMatch } from './lib/menu-match';
export { NotAvailable } from './lib/not-available';
export { ThemeSwitch } from './lib/theme-switch';
export { ReducedMotion } from './lib/reduced-motion';
export { RoleHome } from './lib/role-home';
export { CHUNK_FAILED, lazyArea, setChunkTimeout, withLoadedAreas, type LazyArea } from './lib/lazy-area';
