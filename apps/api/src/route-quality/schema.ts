import type { ColumnType, Generated } from 'kysely';
import type { Pin, RouteStateName } from './engine';

/** counts: PGlite answers bigint sums as bigint, pg as text; the queries cast what they read */
type Count = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** The latency bins of a rollup row (engine.ts LATENCY_EDGES, and a last one for what took longer). */
interface LatencyBins {
  l0: Count;
  l1: Count;
  l2: Count;
  l3: Count;
  l4: Count;
  l5: Count;
  l6: Count;
  l7: Count;
  l8: Count;
  l9: Count;
  l10: Count;
}

interface RollupKey {
  /** when the messages were handed to the vendor (the start of a `span`-second bucket) */
  bucket: Date;
  vendor_product_uuid: string;
  /** destination country (ISO 3166 alpha-2) by dialling code; '' when none */
  iso2: string;
  /** the mobile network the rating found by prefix; '' when none */
  network: string;
  sent: Count;
  receipts: Count;
  delivered: Count;
}

/** Route quality (migrations 592–594): rollups from the sms trigger, each route's state, and its changes. */
export interface RouteQualityTables {
  /** appended by the sms trigger, pre-summed per statement; folded into buckets by each evaluation */
  route_quality_deltas: RollupKey & LatencyBins & { id: Generated<string> };
  /** 1-second buckets, compacted to 1 minute after 15 minutes and to 15 minutes after 2 hours, gone after 25 hours */
  route_quality_buckets: RollupKey & LatencyBins & { span: number };
  route_quality: {
    route_quality_uuid: Generated<string>;
    vendor_product_uuid: string;
    iso2: string;
    /** the delivered ratio it must keep (0–1); null: the default */
    floor: ColumnType<string | null, number | string | null | undefined, number | string | null>;
    pin: ColumnType<Pin, Pin | undefined, Pin>;
    state: ColumnType<RouteStateName, RouteStateName | undefined, RouteStateName>;
    state_since: ColumnType<Date, Date | undefined, Date>;
    clear_since: Opt<Date>;
    /** the last evaluation's figures over the decision window (what /metrics exports) */
    evaluated_on: Opt<Date>;
    sent: Count;
    judged: Count;
    delivered: Count;
    receipts: Count;
    delivered_ratio: Opt<number>;
    receipt_ratio: Opt<number>;
    latency_p50: Opt<number>;
    latency_p95: Opt<number>;
  };
  route_quality_events: {
    event_uuid: Generated<string>;
    route_quality_uuid: string;
    vendor_product_uuid: string;
    iso2: string;
    kind: 'demoted' | 'promoted' | 'floor' | 'pin';
    from_state: RouteStateName;
    to_state: RouteStateName;
    reason: string;
    judged: Opt<number>;
    delivered_ratio: Opt<number>;
    floor: ColumnType<string | null, number | string | null | undefined, number | string | null>;
    actor_email: Opt<string>;
    created_on: ColumnType<Date, Date | undefined, never>;
  };
}
