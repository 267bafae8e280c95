export { renderWithProviders, type RenderOptions } from './lib/render-with-providers';
