// The alert rules must load in Prometheus: `promtool check rules` (Debian's prometheus package, installed with
// apt-get when missing). Which metric names they and the dashboard ask for is checked against the server by
// apps/api/src/ops/monitoring-files.spec.ts.
import { execSync } from 'node:child_process';

const has = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
if (!has('promtool')) {
  console.log("[check-monitoring] promtool missing: installing Debian's prometheus with apt-get");
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus`,
    { stdio: 'inherit' },
  );
}
execSync('promtool check rules deploy/prometheus/alerts.yml', { stdio: 'inherit' });
