import { Tooltip } from '@mui/material';
import { hasPermission } from '@pc/contract';
import { cloneElement, type ReactElement } from 'react';
import { Permitted } from '../../access/Permitted';
import { useSession } from '../../session/session';

type Props = {
  /** Why the control cannot be used now (the spec's tooltip: 'Maximux(5) Webhook Is Created'), or null. */
  blocked?: string | null;
  /** Its name on hover when usable (an icon button's). */
  label?: string;
  children: ReactElement<{ disabled?: boolean }>;
};

/**
 * A webhook write control (doc 2 section 6): disabled with why for a role without write access,
 * disabled with the reason when `blocked`, else itself (with its name on hover).
 */
export const WriteGate = ({ blocked = null, label, children }: Props) => {
  const { viewer } = useSession();
  if (!hasPermission(viewer, 'business.write')) return <Permitted permission="business.write">{children}</Permitted>;
  if (blocked)
    return (
      <Tooltip title={blocked}>
        {/* A disabled button gets no pointer events; the span carries the tooltip. */}
        <span style={{ display: 'inline-flex' }} tabIndex={0} data-testid="write-blocked">
          {cloneElement(children, { disabled: true })}
        </span>
      </Tooltip>
    );
  return label ? <Tooltip title={label}>{children}</Tooltip> : children;
};
