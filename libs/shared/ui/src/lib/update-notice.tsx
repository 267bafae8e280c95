import { useEffect } from 'react';
import { Button, notification } from 'antd';

/** 'A new version is available' with a Reload button (loaded only when a deploy lands). */
export default function UpdateNotice({ activate }: { activate: () => void }) {
  const [api, holder] = notification.useNotification();
  useEffect(() => {
    api.info({
      key: 'update',
      title: 'A new version of the console is available',
      description: 'Reload to use it. Unsaved changes on this page would be lost.',
      duration: 0,
      actions: (
        <Button type="primary" onClick={activate}>
          Reload
        </Button>
      ),
    });
  }, [api, activate]);
  return holder;
}
