import { Tooltip } from '@mui/material';
import { noPermissionText } from '@pc/contract';
import { cloneElement, type ReactElement } from 'react';

/** Why a change cannot be made: no Business Edit permission, else the first other reason given. */
export const blockedBy = (canWrite: boolean, ...reasons: (string | null | false | undefined)[]): string | null =>
  !canWrite ? noPermissionText('business.write') : (reasons.find((r): r is string => Boolean(r)) ?? null);

/**
 * A control usable only when nothing blocks it: otherwise disabled, saying why on hover or focus
 * (a disabled button gets no pointer events: the span carries the tooltip).
 */
export const Guarded = ({
  reason,
  children,
}: {
  reason: string | null;
  children: ReactElement<{ disabled?: boolean }>;
}) => {
  if (!reason) return children;
  return (
    <Tooltip title={reason}>
      <span style={{ display: 'inline-flex' }} tabIndex={0} data-testid="blocked">
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
};
