// The light entry for the frame's header: the guards' banner and the one call it makes (no data kit, no company
// screens), so the company admin's landing fetches little more than the banner itself.
export { GuardAlertsBanner } from './lib/guard-alerts';
