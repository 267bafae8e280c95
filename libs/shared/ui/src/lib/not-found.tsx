import { Result } from './lazy-result';

/** The not-found placeholder of spec §2: its message, or 'No Data Found'. */
export function NotFound({ message }: { message?: string }) {
  return <Result status="404" title={message || 'No Data Found'} />;
}
