import { Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { noAccess, sections, togglePermission, writableSections, type AccessLevel, type Section } from '@pc/contract';
import type { z } from 'zod';
import { roleTexts, sectionLabels } from './texts';

/** A role's tree as a form holds it: a section newer than the role (Activity Log) may be missing, read as off. */
type Props = { value: z.input<typeof AccessLevel>; onChange?: (next: AccessLevel) => void; readOnly?: boolean };

/** Read-only sections (Dashboard, Billings, Activity Log) have no Edit to tick. */
const hasWrite = (section: Section) => (writableSections as readonly Section[]).includes(section);

/** The per-section View / Edit checkboxes; Edit implies View (contract's togglePermission). */
export const PermissionMatrix = ({ value: held, onChange, readOnly = false }: Props) => {
  const value: AccessLevel = { ...noAccess, ...held };
  return (
    <TableContainer>
      <Table size="small" aria-label="Permissions">
        <TableHead>
          <TableRow>
            <TableCell>{roleTexts.permission}</TableCell>
            <TableCell align="center">{roleTexts.view}</TableCell>
            <TableCell align="center">{roleTexts.edit}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sections.map((section) => {
            const entry = value[section] as { read: boolean; write?: boolean };
            const label = sectionLabels[section];
            const toggle = (flag: 'read' | 'write', on: boolean) =>
              onChange?.(togglePermission(value, section, flag, on));
            return (
              <TableRow key={section}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    checked={entry.read}
                    disabled={readOnly || entry.write === true}
                    onChange={(event) => toggle('read', event.target.checked)}
                    slotProps={{ input: { 'aria-label': `${label} ${roleTexts.view}` } }}
                  />
                </TableCell>
                <TableCell align="center">
                  {hasWrite(section) && (
                    <Checkbox
                      checked={entry.write === true}
                      disabled={readOnly}
                      onChange={(event) => toggle('write', event.target.checked)}
                      slotProps={{ input: { 'aria-label': `${label} ${roleTexts.edit}` } }}
                    />
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
