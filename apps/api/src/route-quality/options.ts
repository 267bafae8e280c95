// The route quality's settings: BuildOptions.routeQuality (tests), else ROUTE_QUALITY_* (config/env-services.ts).
import type { EnvConfig } from '../config';
import type { QualitySettings } from './engine';

export interface RouteQualityOptions {
  /** the delivered share a route keeps unless it has its own floor, in percent (97) */
  floorPercent: number;
  minJudged: number;
  windowSeconds: number;
  receiptWaitSeconds: number;
  probationSeconds: number;
  /** how often the evaluation job runs */
  everySeconds: number;
}

type QualityEnv = Pick<
  EnvConfig,
  | 'ROUTE_QUALITY_FLOOR_PERCENT'
  | 'ROUTE_QUALITY_MIN_JUDGED'
  | 'ROUTE_QUALITY_WINDOW_SECONDS'
  | 'ROUTE_QUALITY_RECEIPT_WAIT_SECONDS'
  | 'ROUTE_QUALITY_PROBATION_SECONDS'
  | 'ROUTE_QUALITY_CHECK_SECONDS'
>;

export function routeQualityFrom(o: Partial<RouteQualityOptions> | undefined, env: QualityEnv): RouteQualityOptions {
  return {
    floorPercent: o?.floorPercent ?? env.ROUTE_QUALITY_FLOOR_PERCENT,
    minJudged: o?.minJudged ?? env.ROUTE_QUALITY_MIN_JUDGED,
    windowSeconds: o?.windowSeconds ?? env.ROUTE_QUALITY_WINDOW_SECONDS,
    receiptWaitSeconds: o?.receiptWaitSeconds ?? env.ROUTE_QUALITY_RECEIPT_WAIT_SECONDS,
    probationSeconds: o?.probationSeconds ?? env.ROUTE_QUALITY_PROBATION_SECONDS,
    everySeconds: o?.everySeconds ?? env.ROUTE_QUALITY_CHECK_SECONDS,
  };
}

export const settingsOf = (o: RouteQualityOptions): QualitySettings => ({
  windowMs: o.windowSeconds * 1000,
  receiptWaitMs: o.receiptWaitSeconds * 1000,
  minJudged: o.minJudged,
  defaultFloor: o.floorPercent / 100,
  probationMs: o.probationSeconds * 1000,
});
