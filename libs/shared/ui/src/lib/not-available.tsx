import { Result } from './lazy-result';

/** An area listed in the menu whose screens are not built yet: said plainly, inside the frame. */
export function NotAvailable({ label }: { label: string }) {
  return (
    <Result
      status="info"
      title={<span data-testid="not-available">{label} is not available yet</span>}
      subTitle="This part of the console has not been built yet. Choose another entry in the menu."
    />
  );
}
