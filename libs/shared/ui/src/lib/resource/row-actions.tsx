import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';

/** A list row's Edit link, Delete button (it asks first) and the resource's own actions. */
export function RowActions({
  singular,
  name,
  editTo,
  onDelete,
  extra,
}: {
  singular: string;
  /** how the row is named to a screen reader (its id) */
  name: string;
  editTo?: string;
  onDelete?: () => void;
  extra?: ReactNode;
}) {
  return (
    // wraps rather than running past its column when a row has many actions
    <Space size="small" wrap>
      {editTo && (
        <Link to={editTo} aria-label={`Edit ${singular} ${name}`}>
          <EditOutlined /> Edit
        </Link>
      )}
      {onDelete && (
        <Button
          type="link"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`Delete ${singular} ${name}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      )}
      {extra}
    </Space>
  );
}
