import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * One labelled field in antd's vertical form layout, for a screen that keeps its own state and has
 * no rules to run (antd's Form would bring its field store and validator for nothing): the label with
 * the required mark, the control, a help line tied to the control by `${htmlFor}_help`.
 */
export function FieldRow({
  label,
  htmlFor,
  required,
  help,
  children,
}: {
  label: string;
  /** the control's id */
  htmlFor: string;
  required?: boolean;
  help?: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <div style={{ paddingBottom: token.paddingXS }}>
        {/* outside the label, as antd draws it (a pseudo-element): the field's name stays its label */}
        {required ? (
          <span aria-hidden style={{ color: token.colorError, marginInlineEnd: token.marginXXS }}>
            *
          </span>
        ) : null}
        <label htmlFor={htmlFor} style={{ color: token.colorTextHeading }}>
          {label}
        </label>
      </div>
      {children}
      {help ? (
        <div id={`${htmlFor}_help`} style={{ color: token.colorTextDescription }}>
          {help}
        </div>
      ) : null}
    </div>
  );
}
