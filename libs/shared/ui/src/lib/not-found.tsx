import type { ReactNode } from 'react';
import { Result } from './lazy-result';

/** The not-found placeholder of docs/spec.md §2: its message, or 'No Data Found'. */
export function NotFound({ message, subTitle, extra }: { message?: string; subTitle?: ReactNode; extra?: ReactNode }) {
  return <Result status="404" title={message || 'No Data Found'} subTitle={subTitle} extra={extra} />;
}
