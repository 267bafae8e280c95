import { useContext, useEffect, type RefObject } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { Modal } from 'antd';

/** Warns before the page unloads while `dirty.current` is true. */
export function useBeforeUnload(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

function RouterBlocker({ dirty }: { dirty: RefObject<boolean> }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !!dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="Leave this page?"
      okText="Leave"
      cancelText="Stay"
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      Your unsaved changes will be lost.
    </Modal>
  );
}

/**
 * Asks before an in-app navigation leaves unsaved changes. `useBlocker` only works in a data router
 * (createBrowserRouter); under a plain <MemoryRouter>/<BrowserRouter> it would throw, so it is skipped.
 */
export function LeaveGuard({ dirty }: { dirty: RefObject<boolean> }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <RouterBlocker dirty={dirty} /> : null;
}
