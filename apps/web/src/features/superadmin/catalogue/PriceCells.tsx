import { Box, IconButton } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { formatCataloguePrice, type CurrencyPrices } from '@pc/contract';
import { catalogueScreenTexts as t } from './texts';

/** A price in both currencies, INR over USD, every decimal shown. */
export const PricePair = ({ price }: { price: CurrencyPrices | undefined }) =>
  price ? (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
      <span>{formatCataloguePrice(price.INR, 'INR')}</span>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {formatCataloguePrice(price.USD, 'USD')}
      </Box>
    </Box>
  ) : (
    t.noTier
  );

export const EditButton = ({ what, onClick }: { what: string; onClick: () => void }) => (
  <IconButton size="small" aria-label={t.edit(what)} onClick={onClick}>
    <EditOutlinedIcon fontSize="small" />
  </IconButton>
);
