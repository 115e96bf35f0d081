import {
  formatCataloguePrice,
  planLabel,
  subscriptionPlanNames,
  type ProviderCatalogue,
  type SubscriptionPlanName,
} from '@pc/contract';
import { useState } from 'react';
import { DataTable, type TableQuery } from '../../../ui/DataTable';
import { bothCurrencies } from './amounts';
import { TitledSection } from '../../../ui/TitledSection';
import { EditButton } from './PriceCells';
import { PricesDialog } from './PricesDialog';
import { catalogueScreenTexts as t } from './texts';
import { useSaveCatalogue } from './useCatalogue';

type Props = { catalogue: ProviderCatalogue | undefined; query: TableQuery };

/** The provider's price of each subscription plan, INR and USD. */
export const PlanPrices = ({ catalogue, query }: Props) => {
  const save = useSaveCatalogue();
  const [editing, setEditing] = useState<SubscriptionPlanName | null>(null);
  const rows = catalogue && subscriptionPlanNames.flatMap((plan) => (catalogue.plans[plan] ? [plan] : []));
  const price = (plan: SubscriptionPlanName) => catalogue!.plans[plan]!;

  return (
    <TitledSection title={t.sections.plans}>
      <DataTable
        label={t.sections.plans}
        rows={rows}
        rowKey={(plan) => plan}
        query={query}
        emptyText={t.empty.plans}
        errorText={t.loadFailed}
        minWidth={0}
        columns={[
          { key: 'plan', label: t.columns.plan, cell: planLabel },
          {
            key: 'inr',
            label: 'INR',
            align: 'right',
            nowrap: true,
            cell: (p) => formatCataloguePrice(price(p).INR, 'INR'),
          },
          {
            key: 'usd',
            label: 'USD',
            align: 'right',
            nowrap: true,
            cell: (p) => formatCataloguePrice(price(p).USD, 'USD'),
          },
          {
            key: 'actions',
            label: t.columns.actions,
            align: 'right',
            cell: (p) => <EditButton what={planLabel(p)} onClick={() => setEditing(p)} />,
          },
        ]}
      />
      {editing && catalogue && (
        <PricesDialog
          title={t.edit(planLabel(editing))}
          rows={[{ key: editing, label: planLabel(editing), amounts: price(editing) }]}
          onSave={(changed) =>
            save({
              plans: Object.fromEntries(
                Object.entries(changed).map(([plan, amounts]) => [plan, bothCurrencies(amounts)]),
              ),
            })
          }
          onClose={() => setEditing(null)}
        />
      )}
    </TitledSection>
  );
};
