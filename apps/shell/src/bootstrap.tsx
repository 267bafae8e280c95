import { createRoot } from 'react-dom/client';
import { makeStore, restoreSession } from '@smsc/shared-session';
import { loadManifest } from './federation/remotes';
import { Shell } from './app/shell';

async function start() {
  const store = makeStore();
  await Promise.all([loadManifest(), store.dispatch(restoreSession())]);
  createRoot(document.getElementById('root') as HTMLElement).render(<Shell store={store} />);
}

void start();
