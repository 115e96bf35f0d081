import {
  Button,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { messages, partnerFlagNames, type AdminPartner, type PartnerFlagName } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorText } from '../../api/errors';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { useNotify } from '../../ui/useNotify';
import { fetchPartners } from './api';
import { flagLabels } from './flagLabels';
import { applicationFormConfigTexts } from './application-form/texts';
import { catalogueScreenTexts } from './catalogue/texts';
import { adminKeys } from './keys';
import { useSetFlag } from './useSetFlag';

// The partner's name stays in view while the flag columns scroll sideways.
const stickySx = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** The super-admin sets each partner's feature flags (what the spec hard-coded as partner ids). */
export const SuperadminPage = () => {
  const notify = useNotify();
  const partners = useQuery({ queryKey: adminKeys.partners(), queryFn: fetchPartners });
  const setFlag = useSetFlag();

  const toggle = async (partner: AdminPartner, flag: PartnerFlagName, on: boolean) => {
    try {
      const { message } = await setFlag.mutateAsync({ partner, flag, on });
      notify.success(message);
    } catch (error) {
      notify.error(errorText(error, messages.unhandled));
    }
  };

  return (
    <>
      <PageHeader
        title="Partners"
        actions={
          <>
            <Button variant="outlined" component={Link} to="/provider-catalogue">
              {catalogueScreenTexts.title}
            </Button>
            <Button variant="outlined" component={Link} to="/application-form">
              {applicationFormConfigTexts.title}
            </Button>
          </>
        }
      />
      {partners.isLoading && <PageLoader />}
      {partners.isError && (
        <Typography color="error">{errorText(partners.error, messages.connectionFailure)}</Typography>
      )}
      {partners.data && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label="Partners" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell sx={{ ...stickySx, minWidth: 160, zIndex: 3, bgcolor: 'background.default' }}>
                  Name
                </TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Currency</TableCell>
                {partnerFlagNames.map((flag) => (
                  <TableCell key={flag} align="center" sx={{ minWidth: 96, lineHeight: 1.2 }}>
                    {flagLabels[flag]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {partners.data.partners.map((partner) => (
                <TableRow key={partner.id} hover>
                  <TableCell component="th" scope="row" sx={{ ...stickySx, fontWeight: 600 }}>
                    {partner.name}
                  </TableCell>
                  <TableCell>{partner.type}</TableCell>
                  <TableCell>{partner.currency}</TableCell>
                  {partnerFlagNames.map((flag) => (
                    <TableCell key={flag} align="center">
                      <Switch
                        size="small"
                        checked={partner.flags[flag] === true}
                        onChange={(event) => void toggle(partner, flag, event.target.checked)}
                        slotProps={{ input: { 'aria-label': `${flagLabels[flag]} for ${partner.name}` } }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
};
