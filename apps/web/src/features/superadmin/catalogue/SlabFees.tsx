import { formatCataloguePrice, formatMoney, type ProviderCatalogue } from '@pc/contract';
import { useState } from 'react';
import { DataTable, type TableQuery } from '../../../ui/DataTable';
import { TitledSection } from '../../../ui/TitledSection';
import { EditButton } from './PriceCells';
import { PricesDialog } from './PricesDialog';
import { catalogueScreenTexts as t } from './texts';
import { useSaveCatalogue } from './useCatalogue';

type Slab = ProviderCatalogue['slabFees'][number];
type Props = { catalogue: ProviderCatalogue | undefined; query: TableQuery };

const slabLabel = (slab: Slab) => t.slabFrom(formatMoney(slab.startAmount, 'INR'));

/** The provider's WhatsApp Payments fee per transaction, from each slab's start amount on (INR only). */
export const SlabFees = ({ catalogue, query }: Props) => {
  const save = useSaveCatalogue();
  const [editing, setEditing] = useState<Slab | null>(null);

  return (
    <TitledSection title={t.sections.slabs}>
      <DataTable
        label={t.sections.slabs}
        rows={catalogue?.slabFees}
        rowKey={(slab) => String(slab.startAmount)}
        query={query}
        emptyText={t.empty.slabs}
        errorText={t.loadFailed}
        minWidth={0}
        columns={[
          { key: 'from', label: t.columns.from, nowrap: true, cell: (slab) => formatMoney(slab.startAmount, 'INR') },
          {
            key: 'fee',
            label: t.columns.fee,
            align: 'right',
            nowrap: true,
            cell: (slab) => formatCataloguePrice(slab.fee, 'INR'),
          },
          {
            key: 'actions',
            label: t.columns.actions,
            align: 'right',
            cell: (slab) => <EditButton what={slabLabel(slab)} onClick={() => setEditing(slab)} />,
          },
        ]}
      />
      {editing && (
        <PricesDialog
          title={t.edit(slabLabel(editing))}
          rows={[{ key: String(editing.startAmount), label: slabLabel(editing), amounts: { INR: editing.fee } }]}
          onSave={(changed) =>
            save({
              slabFees: Object.entries(changed).map(([start, { INR }]) => ({ startAmount: Number(start), fee: INR! })),
            })
          }
          onClose={() => setEditing(null)}
        />
      )}
    </TitledSection>
  );
};
