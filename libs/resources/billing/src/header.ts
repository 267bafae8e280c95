// The light entry for the frame's header: the balance and the billing call it makes (no data kit), so an
// area's landing fetches little more than it did.
export { HeaderBalance, BALANCE_POLL_MS } from './lib/header-balance';
