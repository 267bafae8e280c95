import { GenerateSW } from 'workbox-webpack-plugin';
import { federatedApp } from '../../tools/webpack/federation';

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
              new GenerateSW({
                swDest: 'sw.js',
                exclude: [/\.LICENSE\.txt$/],
                // the app shell answers every console route offline; API calls never come from cache
                navigateFallback: '/index.html',
                navigateFallbackDenylist: [/^\/api_smsc\/v1\/(?!registration\/confirm\/)/, /^\/remotes\//],
                maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
                runtimeCaching: [
                  // a redeployed remote must win over the cached one whenever the network answers
                  { urlPattern: /\/(remotes\.json|remotes\/[^/]+\/remoteEntry\.js)$/, handler: 'NetworkFirst', options: { cacheName: 'remote-entries', networkTimeoutSeconds: 4 } },
                  // other remote files carry a content hash: a URL never changes meaning
                  { urlPattern: /\/remotes\/[^/]+\/.+\.js$/, handler: 'CacheFirst', options: { cacheName: 'remote-chunks', expiration: { maxEntries: 300 } } },
                ],
              }),
            ],
    },
    argv,
  );
