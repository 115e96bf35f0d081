import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchPartnerPage } from '../api';
import { adminKeys } from '../keys';
import { fetchPartnerAccount } from '../partners/api';
import { auditTexts as t } from './texts';

type Option = { id: string; name: string };

/**
 * The log's partner filter: a partner found by name as it is typed (the partners list's search,
 * 20 at a time), or the one in the URL, named from its account.
 */
export const PartnerFilter = ({ value, onChange }: { value: string; onChange: (id: string) => void }) => {
  const [typed, setTyped] = useState('');
  const found = useQuery({
    queryKey: adminKeys.partnerPage({ search: typed, skip: 0, rowsPerPage: 20 }),
    queryFn: () => fetchPartnerPage({ search: typed, skip: 0, rowsPerPage: 20 }),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: adminKeys.partner(value),
    queryFn: () => fetchPartnerAccount(value),
    enabled: Boolean(value),
  });
  const selected: Option | null = value ? { id: value, name: chosen.data?.name ?? '…' } : null;
  const options: Option[] = found.data?.partners.map(({ id, name }) => ({ id, name })) ?? [];
  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setTyped(text.trim());
      }}
      onChange={(_, option) => onChange(option?.id ?? '')}
      loading={found.isFetching}
      renderInput={(params) => (
        <TextField {...params} label={t.filters.partner} placeholder={t.filters.searchPartner} />
      )}
      sx={{ minWidth: 220 }}
    />
  );
};
