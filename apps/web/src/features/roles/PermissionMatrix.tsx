import { Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { sections, togglePermission, type AccessLevel, type Section } from '@pc/contract';
import { roleTexts, sectionLabels } from './texts';

type Props = { value: AccessLevel; onChange?: (next: AccessLevel) => void; readOnly?: boolean };

const hasWrite = (level: AccessLevel, section: Section) => 'write' in level[section];

/** The per-section View / Edit checkboxes; Edit implies View (contract's togglePermission). */
export const PermissionMatrix = ({ value, onChange, readOnly = false }: Props) => (
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
                {hasWrite(value, section) && (
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
