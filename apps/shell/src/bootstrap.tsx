import { startTransition } from 'react';
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
  const container = document.getElementById('root') as HTMLElement;
  const shell = <Shell store={store} />;
  if (hydratesPrerender(container, window.location.pathname, store.getState().session.token !== null)) {
    // as a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole tree (the page is on screen already; a click or a key is not blocked)
    startTransition(() => void hydrateRoot(container, shell));
    return;
  }
  // the app shell, or a public page a signed-in user is sent on from: a fresh render, and nobody
  // will take over a submit the page held back
  takeEarlySubmit();
  container.removeAttribute('data-prerender');
  container.replaceChildren();
  createRoot(container).render(shell);
}

void start().then(() => {
  // the service worker (and workbox-window) once the page has loaded: it caches for the next visit
  if (document.readyState === 'complete') void registerServiceWorker();
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
});
