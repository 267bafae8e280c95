/** The form's fields by the names the server gives them in `errors`. */
export const FIELD_IDS: Record<string, string> = {
  ani: 'sms-ani',
  dnis: 'sms-dnis',
  text: 'sms-text',
  values: 'sms-text',
};

/** A server's field error under its field, tied to the control for screen readers. */
export function FieldErrorLine({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <div id={id} role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
      {message}
    </div>
  );
}
