import { createRoot } from 'react-dom/client';
import { makeStore, restoreSession } from '@smsc/shared-session';
import { loadManifest } from './federation/remotes';
import { Shell } from './app/shell';
import { registerServiceWorker } from './app/service-worker';

async function start() {
  const store = makeStore();
  await Promise.all([loadManifest(), store.dispatch(restoreSession())]);
  registerServiceWorker();
  createRoot(document.getElementById('root') as HTMLElement).render(<Shell store={store} />);
}

void start();
