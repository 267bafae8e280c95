import { keyedByBundle } from './keyed-by-bundle';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useReadOnly } from '@smsc/shared-session';
import { Button, Descriptions, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { ResourceDefinition } from '../types';
import type { ResourceBundle, RoleAccess } from './types';
import { useNoRecord } from './hooks';
import { useResourcePath, withId } from './resource-root';
import { RecordState } from './form-pages';
import { columnRender, columnTitle } from '../column-title';

export interface DetailsPageProps<T, C, U> {
  bundle: ResourceBundle<T, C, U>;
  access?: RoleAccess;
  /** pattern with ':id' for the Edit button, relative to the resource root */
  editPath?: string;
  backTo?: string;
  /** shown under the fields */
  extra?: ReactNode;
}

/** One record's fields, labelled and rendered as the list's columns show them. */
export function RecordFields<T>({
  definition,
  record,
  title,
  testId,
}: {
  definition: Pick<ResourceDefinition<T>, 'columns'>;
  record: T;
  title?: string;
  testId?: string;
}) {
  const row = record as Record<string, unknown>;
  return (
    <Descriptions
      bordered
      column={1}
      title={title}
      data-testid={testId}
      items={definition.columns.map((col) => {
        const render = columnRender(col);
        return {
          key: col.key,
          label: columnTitle(col),
          children: render ? render(row[col.key], record) : String(row[col.key] ?? ''),
        };
      })}
    />
  );
}

/** One record's fields as the list's columns show them, with Edit and Back. */
function DetailsPageBody<T, C, U>({ bundle, access = {}, editPath, backTo, extra }: DetailsPageProps<T, C, U>) {
  const id = useParams().id ?? '';
  const readOnly = useReadOnly();
  const navigate = useNavigate();
  const resolve = useResourcePath();
  const useGet = bundle.useGet ?? useNoRecord;
  const record = useGet(id);
  if (!record.data) return <RecordState state={record} />;
  const { definition } = bundle;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid={`details-${definition.name}`}>
      <RecordFields definition={definition} record={record.data} title={definition.singular} />
      <Space>
        {editPath && !readOnly && access.edit !== false && bundle.useUpdate && (
          <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(resolve(withId(editPath, id)))}>
            Edit
          </Button>
        )}
        {backTo !== undefined && <Button onClick={() => navigate(resolve(backTo))}>Back</Button>}
      </Space>
      {extra}
    </Space>
  );
}

/** DetailsPage remounted per bundle (keyed-by-bundle.tsx). */
export const DetailsPage = keyedByBundle(DetailsPageBody) as typeof DetailsPageBody;
