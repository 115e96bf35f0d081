import { Box, IconButton, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { formatCataloguePrice, type CurrencyPrices } from '@pc/contract';
import { useId, type ReactNode } from 'react';
import { catalogueScreenTexts as t } from './texts';

/** One part of the catalogue: its heading (with its actions) over its table. */
export const CatalogueSection = ({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) => {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          mb: 1.5,
        }}
      >
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
};

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
