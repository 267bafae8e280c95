// Debian's prometheus package (prometheus and promtool), installed with apt-get when missing: the alert rules'
// check (check-monitoring.mjs) and the dashboard snapshot (tools/monitoring/dashboard-snapshot.ts) need it.
import { execSync } from 'node:child_process';

const has = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export function ensurePrometheus() {
  if (has('promtool') && has('prometheus')) return;
  console.log("[ensure-prometheus] prometheus missing: installing Debian's prometheus with apt-get");
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus`,
    { stdio: 'inherit' },
  );
}

// run as a script (tools/monitoring/dashboard-snapshot.ts)
if (import.meta.url === `file://${process.argv[1]}`) ensurePrometheus();
