// The light entry for role homes: only the frame's components and the dashboard call (no data kit, no charts).
export { HomeSummary } from './lib/home-summary';
