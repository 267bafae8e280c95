// The ui kit's build-time entry (Node only): never imported by browser code, so react-dom/server
// and the style extraction stay out of every bundle.
export { renderWithStyles } from './lib/render-with-styles';
