import { federatedApp } from '../../tools/webpack/federation';

export default (_env: unknown, argv: { mode?: string }) =>
  federatedApp(
    {
      project: 'company-admin',
      name: 'company_admin',
      exposes: { './routes': './src/remote-entry.ts' },
      port: 4202,
      title: 'SMSC Console: Company admin',
    },
    argv,
  );
