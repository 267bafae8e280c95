import { DEFAULT_BRAND, readPageBrand } from '@smsc/shared-ui/core';
/** The console messages of docs/spec.md §8, logged as the service worker's state changes. */
export const SW_MESSAGES = {
  servedFromCache: 'This web app is being served cache-first by a service worker.',
  cached: 'Content has been cached for offline use.',
  updated: 'New content is available; please refresh.',
  offline: 'No internet connection found. App is running in offline mode.',
} as const;

export const UPDATE_EVENT = 'smsc:update-available';

/** Registers the app-shell service worker in production builds and announces new deploys. */
export async function registerServiceWorker(): Promise<void> {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  // a reseller's host serves its pages branded by the server, which a precache of the build's pages would undo
  // (its sw.js is one that removes itself: apps/api static-web.ts)
  if (readPageBrand() !== DEFAULT_BRAND) return;
  // workbox-window is fetched here, after the first render, not with the page's own script
  const { Workbox } = await import('workbox-window');
  window.addEventListener('offline', () => console.info(SW_MESSAGES.offline));
  if (navigator.serviceWorker.controller) console.info(SW_MESSAGES.servedFromCache);
  const wb = new Workbox('/sw.js');
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate) console.info(SW_MESSAGES.cached);
  });
  wb.addEventListener('waiting', () => {
    console.info(SW_MESSAGES.updated);
    window.dispatchEvent(
      new CustomEvent(UPDATE_EVENT, {
        detail: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      }),
    );
  });
  void wb.register().catch((error) => console.warn('[console] service worker not registered', error));
}
