import { useEffect } from 'react';
import { message } from 'antd';
import { TOAST_DURATION_MS, type Toast } from '@smsc/shared-api/core';

/** The toast itself: antd's message, themed by the ConfigProvider it renders under. */
export default function MessageToast({ toast }: { toast: Toast | null }) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    if (!toast) return;
    api.destroy();
    const content = <span data-testid={`toast-${toast.kind}`}>{toast.text}</span>;
    void api.open({ key: `toast-${toast.id}`, type: toast.kind, content, duration: TOAST_DURATION_MS / 1000 });
  }, [toast, api]);
  return holder;
}
