import type { RouteObject } from 'react-router';
import { SmsCenter } from './sms-center';

/** Spec §2 sms-center: compose and send one SMS (the reseller picks the company first). */
export function smsCenterRoute(path: string, pickCompany = false): RouteObject {
  return { path, element: <SmsCenter pickCompany={pickCompany} />, handle: { title: 'SMS center' } };
}
