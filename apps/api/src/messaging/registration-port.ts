// The seam through which sender registrations (apps/api/src/compliance, docs/compliance.md) act on the
// pipeline: messaging owns the shape and asks it; the compliance plugin, registered after messaging, plugs
// its service in with messaging.useRegistrations(). Without it no send needs a registration.
import type { Destination } from './guard-port';

/** The sender's registration for one destination, as the pipeline and the compose box's quote read it. */
export interface RegistrationState {
  state: 'registered' | 'unregistered' | 'not_required';
  /** what to file (unregistered) or what covers the sender (registered); null when none is required */
  message: string | null;
  /** the platform refuses unregistered sends */
  enforced: boolean;
}

/** One company's approved registrations, looked up once per send or batch (cached by the compliance service). */
export interface RegistrationView {
  /** `ani` in E.164 with the plus, or an alphanumeric sender as typed */
  state(ani: string, dest: Destination): RegistrationState;
}

export interface SenderRegistrations {
  view(company_uuid: string): Promise<RegistrationView | null>;
}

export const NO_REGISTRATIONS: SenderRegistrations = { view: async () => null };

/** The refusal a view's answer makes, before any price or charge; null: the message may go on. */
export function registrationRefusal(
  view: RegistrationView | null,
  ani: string,
  dest: Destination | null,
): { message: string } | null {
  if (!view || !dest) return null;
  const s = view.state(ani, dest);
  return s.enforced && s.state === 'unregistered' ? { message: s.message ?? 'The sender is not registered' } : null;
}
