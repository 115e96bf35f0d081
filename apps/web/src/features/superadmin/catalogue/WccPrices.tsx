import { CatalogueUrl, type CurrencyPrices, type ProviderCatalogue, type WccChargeType } from '@pc/contract';
import { useMemo, useState } from 'react';
import { DataTable, type TableQuery } from '../../../ui/DataTable';
import { SearchBox } from '../../../ui/SearchBox';
import { useUrlState } from '../../../ui/useUrlState';
import { wccColumns } from '../../plan-details/texts';
import { countryName } from '../../plan-details/units';
import { bothCurrencies } from './amounts';
import { TitledSection } from '../../../ui/TitledSection';
import { EditButton, PricePair } from './PriceCells';
import { PricesDialog } from './PricesDialog';
import { catalogueScreenTexts as t } from './texts';
import { useSaveCatalogue } from './useCatalogue';

type Country = { code: string; name: string; charges: Partial<Record<WccChargeType, CurrencyPrices>> };
type Props = { catalogue: ProviderCatalogue | undefined; query: TableQuery };

/** The countries by name, the rest of the world last. */
const countriesOf = (wcc: ProviderCatalogue['wcc']): Country[] =>
  Object.entries(wcc)
    .map(([code, charges]) => ({ code, name: countryName(code, t.restOfWorld), charges }))
    .sort((a, b) => (a.code === 'default' ? 1 : b.code === 'default' ? -1 : a.name.localeCompare(b.name)));

/** A country found by its name or its code, whatever the case. */
const matches = (country: Country, search: string) => {
  const text = search.toLowerCase();
  return country.name.toLowerCase().includes(text) || country.code.toLowerCase() === text;
};

/** The provider's conversation prices: a row per country (or the rest of the world), each charge type in INR and USD. */
export const WccPrices = ({ catalogue, query }: Props) => {
  const save = useSaveCatalogue();
  const [{ country: search }, setUrl] = useUrlState(CatalogueUrl);
  const [editing, setEditing] = useState<Country | null>(null);
  const countries = useMemo(() => (catalogue ? countriesOf(catalogue.wcc) : undefined), [catalogue]);
  const rows = search ? countries?.filter((c) => matches(c, search)) : countries;

  return (
    <TitledSection
      title={t.sections.wcc}
      actions={
        <SearchBox
          label={t.searchCountry}
          clearLabel={t.clearSearch}
          value={search}
          onSearch={(text) => setUrl({ country: text }, { replace: true })}
        />
      }
    >
      <DataTable
        label={t.sections.wcc}
        rows={rows}
        rowKey={(c) => c.code}
        query={query}
        emptyText={search ? t.empty.wccSearch : t.empty.wcc}
        errorText={t.loadFailed}
        minWidth={960}
        columns={[
          { key: 'country', label: t.columns.country, cell: (c) => c.name },
          ...wccColumns.map(({ type, label }) => ({
            key: type,
            label,
            align: 'right' as const,
            cell: (c: Country) => <PricePair price={c.charges[type]} />,
          })),
          {
            key: 'actions',
            label: t.columns.actions,
            align: 'right',
            cell: (c) => <EditButton what={c.name} onClick={() => setEditing(c)} />,
          },
        ]}
      />
      {editing && (
        <PricesDialog
          title={t.edit(editing.name)}
          rows={wccColumns
            .filter(({ type }) => editing.charges[type])
            .map(({ type, label }) => ({ key: type, label, amounts: editing.charges[type]! }))}
          onSave={(changed) =>
            save({
              wcc: {
                [editing.code]: Object.fromEntries(
                  Object.entries(changed).map(([type, amounts]) => [type, bothCurrencies(amounts)]),
                ),
              },
            })
          }
          onClose={() => setEditing(null)}
        />
      )}
    </TitledSection>
  );
};
