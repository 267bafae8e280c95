import { federatedApp } from '../../tools/webpack/federation';

export default (_env: unknown, argv: { mode?: string }) =>
  federatedApp(
    {
      project: 'reseller',
      name: 'reseller',
      exposes: { './routes': './src/remote-entry.ts' },
      port: 4204,
      title: 'SMSC Console: Reseller',
    },
    argv,
  );
