import { useEffect } from 'react';
import { App } from 'antd';
import { clearToast, TOAST_DURATION_MS, type Toast } from '@smsc/shared-api';

interface Props {
  toast: Toast | null;
  dispatch: (action: ReturnType<typeof clearToast>) => void;
}

/** Renders the store's current toast with antd's message API; one at a time (spec §9). */
export function ToastHost({ toast, dispatch }: Props) {
  const { message } = App.useApp();
  useEffect(() => {
    if (!toast) return;
    message.destroy();
    const key = `toast-${toast.id}`;
    const content = <span data-testid={`toast-${toast.kind}`}>{toast.text}</span>;
    void message.open({ key, type: toast.kind, content, duration: TOAST_DURATION_MS / 1000 });
    const timer = setTimeout(() => dispatch(clearToast(toast.id)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, message, dispatch]);
  return null;
}
