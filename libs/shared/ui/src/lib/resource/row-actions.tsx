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
    <Space size="small">
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
