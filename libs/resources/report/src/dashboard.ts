// The light entry for the company admin's landing: the dashboard pages (daily and weekly usage), drawn
// with the frame's components, plain tables and the SVG chart (no data kit).
export { usageRoutes } from './lib/usage-routes';
