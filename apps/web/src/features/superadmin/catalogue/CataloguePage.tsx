import { Button, Stack, Typography } from '@mui/material';
import { rateCardTexts } from '@pc/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/PageHeader';
import { AddonPrices } from './AddonPrices';
import { PlanPrices } from './PlanPrices';
import { SlabFees } from './SlabFees';
import { catalogueScreenTexts as t } from './texts';
import { useProviderCatalogue } from './useCatalogue';
import { VolumeTierPrices } from './VolumeTierPrices';
import { WccPrices } from './WccPrices';

/**
 * /provider-catalogue: the provider's prices partners are charged (subscription plans, WCC per
 * country and Meta's volume tiers, WhatsApp Payments slabs, add-on plans), each row edited in a
 * dialog. The server moves every partner's prices with a change, keeping each margin. Not under /superadmin/, whose paths
 * are the API's (a reload there would get the API's answer, not this page).
 */
export const CataloguePage = () => {
  const query = useProviderCatalogue();
  const props = { catalogue: query.data, query };
  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <Button variant="outlined" component={Link} to="/provider-rate-cards">
            {rateCardTexts.title}
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {t.intro}
      </Typography>
      <Stack spacing={4}>
        <PlanPrices {...props} />
        <WccPrices {...props} />
        <VolumeTierPrices {...props} />
        <SlabFees {...props} />
        <AddonPrices {...props} />
      </Stack>
    </>
  );
};
