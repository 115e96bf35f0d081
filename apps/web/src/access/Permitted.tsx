import { hasPermission, noPermissionText, type Permission } from '@pc/contract';
import { cloneElement, type ReactElement } from 'react';
import { useSession } from '../session/session';
import { Tooltip } from '../ui/Tooltip';

type Props = { permission: Permission; children: ReactElement<{ disabled?: boolean }> };

/**
 * A control the viewer's role cannot use is disabled, and says why on hover or focus; never enabled
 * only to fail with 403 after a whole dialog. The server enforces the same map (the access table).
 */
export const Permitted = ({ permission, children }: Props) => {
  const { viewer } = useSession();
  if (hasPermission(viewer, permission)) return children;
  return (
    <Tooltip title={noPermissionText(permission)}>
      {/* A disabled button gets no pointer events; the span carries the tooltip. */}
      <span style={{ display: 'inline-flex' }} tabIndex={0} data-testid="no-permission">
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
};
