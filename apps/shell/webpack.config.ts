import { federatedApp } from '../../tools/webpack/federation';

// The host: no remotes are known at build time; their URLs come from /remotes.json at start.
export default (_env: unknown, argv: { mode?: string }) =>
  federatedApp(
    { project: 'shell', name: 'shell', port: 4200, title: 'SMSC Console', runtimePlugins: ['./src/federation/error-load-remote.ts'] },
    argv,
  );
