import { useRef } from 'react';
import { App, Button, Input, Space, type ResourcePages, type RoleAccess } from '@smsc/shared-ui';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import type { SmsTemplate } from '@smsc/shared-contract';
import { useApproveTemplateMutation, useRejectTemplateMutation } from './template.api';
import { TEMPLATE_ACCESS } from './template.resource';

/** Approve / Reject for one row; shown to roles holding the review key (the system admin and resellers). */
export function ReviewActions({ row }: { row: SmsTemplate }) {
  const dispatch = useAppDispatch();
  const { modal } = App.useApp();
  const [approve, approving] = useApproveTemplateMutation();
  const [reject, rejecting] = useRejectTemplateMutation();
  const reason = useRef('');
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      dispatch(showToast('success', done));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const askReject = () => {
    reason.current = '';
    modal.confirm({
      title: `Reject "${row.template_name}"?`,
      content: (
        <Input.TextArea
          aria-label="Reason"
          placeholder="Reason (optional, shown to the company)"
          maxLength={500}
          onChange={(e) => (reason.current = e.target.value)}
        />
      ),
      okText: 'Reject',
      okButtonProps: { danger: true },
      onOk: () =>
        run(
          () => reject({ id: row.id, reason: reason.current.trim() || undefined }).unwrap(),
          `Template "${row.template_name}" rejected`,
        ),
    });
  };
  return (
    <Space size="small">
      {row.status !== 'approved' && (
        <Button
          type="link"
          size="small"
          loading={approving.isLoading}
          aria-label={`Approve template ${row.template_name}`}
          onClick={() => run(() => approve(row.id).unwrap(), `Template "${row.template_name}" approved`)}
        >
          Approve
        </Button>
      )}
      {row.status !== 'rejected' && (
        <Button
          type="link"
          size="small"
          danger
          loading={rejecting.isLoading}
          aria-label={`Reject template ${row.template_name}`}
          onClick={askReject}
        >
          Reject
        </Button>
      )}
    </Space>
  );
}

/** Approve / Reject in each row for a role holding the review key; nothing for the others (role data, not a copied screen). */
export function reviewRowActions(
  access: RoleAccess,
): Pick<ResourcePages<SmsTemplate>, 'rowActions' | 'rowActionsWidth'> {
  if (!access.keys?.includes(TEMPLATE_ACCESS.review)) return {};
  return { rowActions: (row) => <ReviewActions row={row} />, rowActionsWidth: 150 };
}

/** Spec §2: company admin templates (list, add, edit/{id}). */
export const templatePages: ResourcePages<SmsTemplate> = {
  path: 'templates',
  redirectTo: 'list',
  list: { path: 'list', title: 'Templates' },
  create: { path: 'add', title: 'Add template' },
  edit: { path: 'edit/:id', title: 'Edit template' },
};

/** Spec §2: reseller template-approval (template-approval-list, add-template, edit/{id}); the system admin has no edit page. */
export const templateApprovalPages: ResourcePages<SmsTemplate> = {
  path: 'template-approval',
  redirectTo: 'template-approval-list',
  list: { path: 'template-approval-list', title: 'Template approval' },
  create: { path: 'add-template', title: 'Add template' },
  edit: { path: 'edit/:id', title: 'Edit template' },
};
