import { federatedApp } from '../../tools/webpack/federation';

export default (_env: unknown, argv: { mode?: string }) =>
  federatedApp(
    {
      project: 'system-admin',
      name: 'system_admin',
      exposes: { './routes': './src/remote-entry.ts' },
      port: 4201,
      title: 'SMSC Console: System admin',
    },
    argv,
  );
