import { GenerateSW } from 'workbox-webpack-plugin';
import { federatedApp, workspaceRoot } from '../../tools/webpack/federation';
import { PrerenderPublicPages } from '../../tools/webpack/prerender-plugin';

// The host: no remotes are known at build time; their URLs come from /remotes.json at start.
export default (_env: unknown, argv: { mode?: string }) =>
  federatedApp(
    {
      project: 'shell',
      name: 'shell',
      port: 4200,
      title: 'SMSC Console',
      runtimePlugins: ['./src/federation/error-load-remote.ts'],
      extraPlugins:
        argv.mode === 'development'
          ? []
          : [
              // login.html and the other public pages, rendered from the shell's own components
              new PrerenderPublicPages(workspaceRoot),
              new GenerateSW({
                swDest: 'sw.js',
                exclude: [/\.LICENSE\.txt$/, /^prerender\.json$/],
                // A navigation to /login, /registration or /forgot-password is answered with its
                // precached prerendered page (Workbox tries '<path>.html', cleanURLs); `redirect` is
                // ignored for that lookup so /login?redirect=… gets it too (the page reads the
                // parameter from the address). The token pages and every other console route get
                // the app shell; API calls never come from cache.
                ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^redirect$/],
                navigateFallback: '/index.html',
                navigateFallbackDenylist: [/^\/api_smsc\/v1\/(?!registration\/confirm\/)/, /^\/remotes\//],
                maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
                runtimeCaching: [
                  // a redeployed remote must win over the cached one whenever the network answers
                  {
                    urlPattern: /\/(remotes\.json|remotes\/[^/]+\/remoteEntry\.js)$/,
                    handler: 'NetworkFirst',
                    options: { cacheName: 'remote-entries', networkTimeoutSeconds: 4 },
                  },
                  // other remote files carry a content hash: a URL never changes meaning
                  {
                    urlPattern: /\/remotes\/[^/]+\/.+\.js$/,
                    handler: 'CacheFirst',
                    options: { cacheName: 'remote-chunks', expiration: { maxEntries: 300 } },
                  },
                ],
              }),
            ],
    },
    argv,
  );
