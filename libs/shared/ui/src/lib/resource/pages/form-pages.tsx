import { keyedByBundle } from './keyed-by-bundle';
import { useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button } from 'antd';
import { describeApiError } from '@smsc/shared-api';
import { ResourceForm, type FormValues } from '../resource-form';
import { PageLoading } from '../../page-loading';
import { NotFound } from '../../not-found';
import type { ResourceBundle, RecordQueryState } from './types';
import { useNoMutation, useNoRecord } from './hooks';
import { useResourcePath } from './resource-root';

interface FormPageProps<T, C, U> {
  bundle: ResourceBundle<T, C, U>;
  /** where to go after saving or cancelling, relative to the resource root (or absolute) */
  backTo: string;
}

/** The create page: the definition's form; a saved record returns to the list with a toast. */
function CreatePageBody<T, C, U>({
  bundle,
  backTo,
  openPath,
}: FormPageProps<T, C, U> & {
  /** the edit page ('edit-company/:id') to open with the created record's id; back to the list without it */
  openPath?: string;
}) {
  const navigate = useNavigate();
  const resolve = useResourcePath();
  const useCreate = bundle.useCreate ?? useNoMutation;
  const [create, state] = useCreate();
  const created = useRef<string | null>(null);
  const back = () => navigate(resolve(backTo));
  const done = () =>
    created.current && openPath
      ? navigate(resolve(openPath.replace(':id', encodeURIComponent(created.current))))
      : back();
  return (
    <ResourceForm
      definition={bundle.definition}
      mode="create"
      initialValues={bundle.defaults}
      submitting={state.isLoading}
      onSubmit={async (values) => {
        const answer = await create(bundle.toCreate ? bundle.toCreate(values) : (values as C)).unwrap();
        const id = (answer as Record<string, unknown> | null)?.[bundle.definition.idField];
        created.current = typeof id === 'string' || typeof id === 'number' ? String(id) : null;
        return answer;
      }}
      onDone={done}
      onCancel={back}
    />
  );
}

/** Loading, not found (404 or an id the role may not see) and other failures of a record read. */
export function RecordState({ state }: { state: RecordQueryState<unknown> }) {
  if (state.isLoading) return <PageLoading />;
  const status = (state.error as { status?: unknown } | undefined)?.status;
  if (status === 404 || status === 403) return <NotFound message={describeApiError(state.error)} />;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={describeApiError(state.error)}
      action={
        state.refetch && (
          <Button size="small" onClick={() => state.refetch?.()}>
            Retry
          </Button>
        )
      }
    />
  );
}

function formValuesOf<T, C, U>(bundle: ResourceBundle<T, C, U>, record: T): FormValues {
  if (bundle.toForm) return bundle.toForm(record);
  const source = record as Record<string, unknown>;
  return Object.fromEntries(
    bundle.definition.formFields.filter((f) => f.name in source).map((f) => [f.name, source[f.name]]),
  );
}

/** The edit page: reads the record named by `:id`, fills the form, saves with the patch call. */
function EditPageBody<T, C, U>({ bundle, backTo }: FormPageProps<T, C, U>) {
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const resolve = useResourcePath();
  const useGet = bundle.useGet ?? useNoRecord;
  const useUpdate = bundle.useUpdate ?? useNoMutation;
  const record = useGet(id);
  const [update, state] = useUpdate();
  const initialValues = useMemo(
    () => (record.data ? formValuesOf(bundle, record.data) : undefined),
    [bundle, record.data],
  );
  if (!record.data || !initialValues) return <RecordState state={record} />;
  const data = record.data;
  const back = () => navigate(resolve(backTo));
  return (
    <ResourceForm
      key={id}
      definition={bundle.definition}
      mode="edit"
      initialValues={initialValues}
      submitting={state.isLoading}
      onSubmit={(values) =>
        update({ id, body: bundle.toPatch ? bundle.toPatch(values, data) : (values as U) }).unwrap()
      }
      onDone={back}
      onCancel={back}
    />
  );
}

/** CreatePage remounted per bundle (keyed-by-bundle.tsx). */
export const CreatePage = keyedByBundle(CreatePageBody) as typeof CreatePageBody;

/** EditPage remounted per bundle (keyed-by-bundle.tsx). */
export const EditPage = keyedByBundle(EditPageBody) as typeof EditPageBody;
