import { Button, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { businessTexts } from '@pc/contract';
import { Permitted } from '../../access/Permitted';
import { usePricingAccess } from './queries';

type Props = { label: string; onClick: () => void };

/**
 * A table's Create: disabled with the reason for ADS_WHITELABEL partners (doc 3 section 6) and
 * for roles without plans write (Permitted says which permission).
 */
export const CreateButton = ({ label, onClick }: Props) => {
  const { ads } = usePricingAccess();
  const button = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick}>
      {label}
    </Button>
  );
  if (ads)
    return (
      <Tooltip title={businessTexts.adsCannotCreate}>
        {/* A disabled button gets no pointer events; the span carries the tooltip. */}
        <span style={{ display: 'inline-flex' }} tabIndex={0}>
          <Button variant="contained" startIcon={<AddIcon />} disabled>
            {label}
          </Button>
        </span>
      </Tooltip>
    );
  return <Permitted permission="plans.write">{button}</Permitted>;
};
