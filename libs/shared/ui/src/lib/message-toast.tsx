import { useEffect } from 'react';
import { message } from 'antd';
import { Link, useInRouterContext } from 'react-router';
import { TOAST_DURATION_MS, type Toast } from '@smsc/shared-api/core';
import { errorLinkIn } from './error-link';

/** The toast itself: antd's message, themed by the ConfigProvider it renders under. */
export default function MessageToast({ toast }: { toast: Toast | null }) {
  const [api, holder] = message.useMessage();
  const routed = useInRouterContext();
  useEffect(() => {
    if (!toast) return;
    api.destroy();
    // the screen of the next step, in the area the person is in (none where the area has no such screen)
    const link = routed && typeof window !== 'undefined' ? errorLinkIn(window.location.pathname, toast.link) : null;
    const content = (
      <span data-testid={`toast-${toast.kind}`}>
        {toast.text}
        {link && (
          <>
            {' '}
            <Link to={link.to} onClick={() => api.destroy()}>
              {link.label}
            </Link>
          </>
        )}
      </span>
    );
    void api.open({ key: `toast-${toast.id}`, type: toast.kind, content, duration: TOAST_DURATION_MS / 1000 });
  }, [toast, api, routed]);
  return holder;
}
