import { useEffect } from 'react';
import { message } from 'antd';
import { Link, useInRouterContext } from 'react-router';
import { ERROR_LINK_PATHS, TOAST_DURATION_MS, type Toast } from '@smsc/shared-api/core';

/** The toast's link to the screen of its next step, in the area the person is in (none where the area has no such screen). */
function linkOf(toast: Toast): { to: string; label: string } | null {
  if (!toast.link || typeof window === 'undefined') return null;
  const area = window.location.pathname.split('/')[1] ?? '';
  const target = ERROR_LINK_PATHS[area]?.[toast.link];
  return target ? { to: `/${area}/${target.path}`, label: target.label } : null;
}

/** The toast itself: antd's message, themed by the ConfigProvider it renders under. */
export default function MessageToast({ toast }: { toast: Toast | null }) {
  const [api, holder] = message.useMessage();
  const routed = useInRouterContext();
  useEffect(() => {
    if (!toast) return;
    api.destroy();
    const link = routed ? linkOf(toast) : null;
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
