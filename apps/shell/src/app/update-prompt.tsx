import { useEffect } from 'react';
import { App, Button } from '@smsc/shared-ui/core';
import { UPDATE_EVENT } from './service-worker';

/** 'A new version is available' with a Reload button, when a deploy lands while the console is open. */
export function UpdatePrompt() {
  const { notification } = App.useApp();
  useEffect(() => {
    const onUpdate = (event: Event) => {
      const activate = (event as CustomEvent<() => void>).detail;
      notification.info({
        key: 'update',
        title: 'A new version of the console is available',
        description: 'Reload to use it. Unsaved changes on this page would be lost.',
        duration: 0,
        actions: <Button type="primary" onClick={activate}>Reload</Button>,
      });
    };
    window.addEventListener(UPDATE_EVENT, onUpdate);
    return () => window.removeEventListener(UPDATE_EVENT, onUpdate);
  }, [notification]);
  return null;
}
