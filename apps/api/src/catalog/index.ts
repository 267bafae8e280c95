// What other domains use: the pure engine, the cache of compiled catalogs, number parsing.
export * from './engine';
export { CatalogCache, loadCatalogRows, bumpCatalogVersion } from './cache';
export { parseDnis, diallingPrefixes } from './numbers';
export type { GatewayControl, GatewayConnection } from './smsc/gateway-control';
export {
  catalogRepository,
  productsOfVendor,
  vendorProductRows,
  vendorRows,
  type CatalogRepository,
} from './repository';
export type { DeckOwner, DeckOwnerRow, DeckWrite } from './decks';
export type { DemotionChange, VendorProductName } from './demotions';
export { readRateLines } from './routes/rate-import';
export type { ResolvedRate } from './scope';
