import { federatedApp } from '../../tools/webpack/federation';

export default (_env: unknown, argv: { mode?: string }) =>
  federatedApp(
    {
      project: 'company-user',
      name: 'company_user',
      exposes: { './routes': './src/remote-entry.ts' },
      port: 4203,
      title: 'SMSC Console: Company user',
    },
    argv,
  );
