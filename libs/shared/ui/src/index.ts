// The one door to antd: remotes and the shell import UI from here, never from antd, so the
// federation shares this facade (only what we use) instead of all of antd. The light part lives in
// ./core (shared on its own for the shell's public pages); this entry adds the data kit and is
// fetched only once a signed-in area needs it.
export * from './core';
export {
  Badge, Breadcrumb, Card, Checkbox, Col, DatePicker, Descriptions, Divider, Drawer, Dropdown, Empty, Flex, Grid,
  InputNumber, Layout, Menu, Modal, Pagination, Popconfirm, Progress, Radio, Row, Select, Skeleton, Space,
  Statistic, Switch, Table, Tabs, Tag, Tooltip, Typography, Upload,
} from 'antd';
export type { MenuProps, TableColumnsType, TableProps, UploadProps } from 'antd';
export {
  DeleteOutlined, EditOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, PlusOutlined,
  ReloadOutlined, SearchOutlined, UserOutlined, DownloadOutlined, UploadOutlined, EyeOutlined,
} from '@ant-design/icons';
export { RoleRoutes, innermostTitle, unbuiltEntry } from './lib/role-routes';
export { matchMenu, menuHref, groupKey, type MenuMatch } from './lib/menu-match';
export { NotAvailable } from './lib/not-available';
export { StandaloneRemote } from './lib/standalone-remote';
export * from './lib/resource';
export { RoleHome } from './lib/role-home';
