import { useSyncExternalStore } from 'react';
import { Modal, Typography } from '@smsc/shared-ui';

// A signing secret is answered once (on create and on rotation) and never again: the screen keeps it here
// only until the user closes the notice. The create page navigates back to the list after saving, so the
// notice lives outside any one page and the list shows it.
interface Revealed {
  title: string;
  secret: string;
}
let revealed: Revealed | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function revealSecret(title: string, secret: string | undefined): void {
  if (!secret) return;
  revealed = { title, secret };
  emit();
}
const forget = () => {
  revealed = null;
  emit();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The one-time view of a secret just created or rotated, with a copy button. */
export function SecretNotice() {
  const shown = useSyncExternalStore(subscribe, () => revealed);
  return (
    <Modal
      open={!!shown}
      title={shown?.title}
      onOk={forget}
      onCancel={forget}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText="I have kept it"
      destroyOnHidden
    >
      {shown && (
        <>
          <Typography.Paragraph>
            Keep it now: it is not shown again. Receivers verify the webhook-signature header with it (docs: Standard
            Webhooks).
          </Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: shown.secret }} code data-testid="webhook-secret">
            {shown.secret}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
