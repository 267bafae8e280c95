// The one door to antd: remotes and the shell import UI from here, never from antd, so the
// federation shares this facade (only what we use) instead of all of antd.
export {
  Alert, App, Badge, Breadcrumb, Button, Card, Checkbox, Col, ConfigProvider, DatePicker, Descriptions,
  Divider, Drawer, Dropdown, Empty, Flex, Form, Grid, Input, InputNumber, Layout, Menu, Modal,
  Pagination, Popconfirm, Progress, Radio, Result, Row, Select, Skeleton, Space, Spin, Statistic,
  Switch, Table, Tabs, Tag, Tooltip, Typography, Upload, theme,
} from 'antd';
export type { FormInstance, FormProps, FormRule, MenuProps, TableColumnsType, TableProps, UploadProps } from 'antd';
export {
  DeleteOutlined, EditOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, PlusOutlined,
  ReloadOutlined, SearchOutlined, UserOutlined, DownloadOutlined, UploadOutlined, EyeOutlined,
} from '@ant-design/icons';
export { ToastHost } from './lib/toast-host';
export { ErrorBoundary, type ErrorBoundaryProps } from './lib/error-boundary';
export { NotFound } from './lib/not-found';
export { PageLoading } from './lib/page-loading';
export type { RoleModule, MenuEntry, RouteHandle } from './lib/role-module';
export { RoleRoutes, innermostTitle, unbuiltEntry } from './lib/role-routes';
export { matchMenu, menuHref, groupKey, type MenuMatch } from './lib/menu-match';
export { NotAvailable } from './lib/not-available';
export { StandaloneRemote } from './lib/standalone-remote';
export * from './lib/resource';
export { consoleTheme } from './lib/theme';
export { RoleHome } from './lib/role-home';
