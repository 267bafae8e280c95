import { useEffect, useState } from 'react';
import { clearToast, TOAST_DURATION_MS, type Toast } from '@smsc/shared-api/core';
import { onFirstUse } from './on-first-use';

// antd's message (and the notification machinery under it) loads with the first toast, not with
// /login: a page that never toasts never fetches it
const MessageToast = onFirstUse(() => import('./message-toast').then((m) => m.default));

interface Props {
  toast: Toast | null;
  dispatch: (action: ReturnType<typeof clearToast>) => void;
}

/** Renders the store's current toast with antd's message API; one at a time (docs/spec.md §9). */
export function ToastHost({ toast, dispatch }: Props) {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (!toast) return;
    setUsed(true);
    const timer = setTimeout(() => dispatch(clearToast(toast.id)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, dispatch]);
  return used ? <MessageToast toast={toast} /> : null;
}
