// The alert rules must load in Prometheus: `promtool check rules` (Debian's prometheus package, installed with
// apt-get when missing). Which metric names they and the dashboard ask for is checked against the server by
// apps/api/src/ops/monitoring-files.spec.ts; that the dashboard's queries find data in a real run, by
// `npm run monitoring:snapshot` (tools/monitoring/dashboard-snapshot.ts).
import { execSync } from 'node:child_process';
import { ensurePrometheus } from './ensure-prometheus.mjs';

ensurePrometheus();
execSync('promtool check rules deploy/prometheus/alerts.yml', { stdio: 'inherit' });
