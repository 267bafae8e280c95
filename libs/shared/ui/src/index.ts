// The one door to antd: remotes and the shell import UI from here, never from antd, so the
// federation shares this facade (only what we use) instead of all of antd. The light part lives in
// ./core (shared on its own for the shell's public pages); this entry adds the data kit and is
// fetched only once a signed-in area needs it.
export * from './core';
export * from './frame';
export * from './compose';
export {
  App,
  Badge,
  Breadcrumb,
  Checkbox,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Grid,
  InputNumber,
  Modal,
  Pagination,
  Popconfirm,
  Progress,
  Radio,
  Switch,
  Tabs,
  Tooltip,
  Upload,
} from 'antd';
export type { FormInstance, FormProps, FormRule, TableColumnsType, TableProps, UploadProps } from 'antd';
export {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UserOutlined,
  DownloadOutlined,
  UploadOutlined,
  EyeOutlined,
} from '@ant-design/icons';
export { DatePicker } from './lib/lazy-date-picker';
export { StandaloneRemote } from './lib/standalone-remote';
export { KeyboardScroll } from './lib/keyboard-scroll';
export { Table } from './lib/keyboard-table';
export { WebhookAttemptsTable, WEBHOOK_ATTEMPT_COLUMNS } from './lib/webhook-attempts';
export * from './lib/resource';
