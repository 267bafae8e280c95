import { createRoot, hydrateRoot } from 'react-dom/client';
import { makeStore, restoreSession } from '@smsc/shared-session';
import { loadManifest } from './federation/remotes';
import { Shell } from './app/shell';
import { registerServiceWorker } from './app/service-worker';
import { takeEarlySubmit } from './app/public/early-submit';
import { hydratesPrerender } from './app/public/public-pages';

async function start() {
  const store = makeStore();
  await Promise.all([loadManifest(), store.dispatch(restoreSession())]);
  registerServiceWorker();
  const container = document.getElementById('root') as HTMLElement;
  const shell = <Shell store={store} />;
  if (hydratesPrerender(container, window.location.pathname, store.getState().session.token !== null)) {
    hydrateRoot(container, shell);
    return;
  }
  // the app shell, or a public page a signed-in user is sent on from: a fresh render, and nobody
  // will take over a submit the page held back
  takeEarlySubmit();
  container.removeAttribute('data-prerender');
  container.replaceChildren();
  createRoot(container).render(shell);
}

void start();
