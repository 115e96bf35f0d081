import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  formatCataloguePrice,
  type ProviderCatalogue,
  type TieredChargeType,
  type VolumeTierPrice,
} from '@pc/contract';
import { useState } from 'react';
import { CatalogueDialog } from './CatalogueDialog';
import { TierChoice, type TierMarket } from './TierChoice';
import { TierFields } from './TierFields';
import { catalogueScreenTexts as t } from './texts';
import { blankDraft, draftsOf, sameTiers, typedTiers, type Market, type TierDraft } from './tiers';

type Props = {
  catalogue: ProviderCatalogue;
  /** The markets that can have tiers (Add tiers chooses one). */
  markets: TierMarket[];
  /** The market and charge type edited; null to choose them. */
  fixed: (Market & { type: TieredChargeType }) | null;
  title: string;
  /** Sends the market's whole list of that type; rejects when the server refuses (the dialog stays open). */
  onSave: (market: string, type: TieredChargeType, tiers: VolumeTierPrice[]) => Promise<void>;
  onClose: () => void;
};

/**
 * A market's volume tiers of one charge type, edited as a list: a row per tier (from which message,
 * INR, USD), rows added and removed, the whole list sent on Save (none left removes them). Choosing a
 * market and type that has tiers already brings them in. Full screen on a phone.
 */
export const TiersDialog = ({ catalogue, markets, fixed, title, onSave, onClose }: Props) => {
  const tiersOf = (code: string, type: TieredChargeType) => catalogue.volumeTiers[code]?.[type] ?? [];
  const [market, setMarket] = useState<Market | null>(fixed);
  const [type, setType] = useState<TieredChargeType>(fixed?.type ?? 'uc');
  const [drafts, setDrafts] = useState<TierDraft[]>(() => (fixed ? draftsOf(tiersOf(fixed.code, fixed.type)) : []));
  const [focused, setFocused] = useState<number | null>(null);

  const before = market ? tiersOf(market.code, type) : [];
  const list = market ? catalogue.wcc[market.code]?.[type] : undefined;
  const tiers = typedTiers(drafts);
  // Something to send once the market has a list price to tier and the typed tiers differ from its list.
  const send = market && list && tiers && !sameTiers(tiers, before) ? () => onSave(market.code, type, tiers) : null;

  const choose = (code: string | null, chosenType: TieredChargeType) => {
    const chosen = markets.find((m) => m.code === code) ?? null;
    setMarket(chosen);
    setType(chosenType);
    const existing = chosen ? tiersOf(chosen.code, chosenType) : [];
    setDrafts(existing.length > 0 ? draftsOf(existing) : chosen ? [blankDraft()] : []);
  };
  const addTier = () => {
    const draft = blankDraft();
    setDrafts((current) => [...current, draft]);
    setFocused(draft.id);
  };

  return (
    <CatalogueDialog
      title={title}
      hint={t.tiersHint}
      head={
        <>
          {!fixed && <TierChoice markets={markets} market={market?.code ?? null} type={type} onChoose={choose} />}
          {list && (
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t.listPriceIs(`${formatCataloguePrice(list.INR, 'INR')} / ${formatCataloguePrice(list.USD, 'USD')}`)}
            </Typography>
          )}
        </>
      }
      onSave={send}
      onClose={onClose}
    >
      {!market && (
        <Typography variant="body2" color="text.secondary">
          {t.chooseMarket}
        </Typography>
      )}
      {drafts.map((draft, i) => (
        <TierFields
          key={draft.id}
          n={i + 1}
          draft={draft}
          autoFocus={draft.id === focused}
          onChange={(next) => setDrafts((current) => current.map((d) => (d.id === next.id ? next : d)))}
          onRemove={() => setDrafts((current) => current.filter((d) => d.id !== draft.id))}
        />
      ))}
      {market && drafts.length === 0 && before.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t.noTiersLeft}
        </Typography>
      )}
      {market && (
        <Box>
          <Button startIcon={<AddIcon />} onClick={addTier} disabled={drafts.length >= 20}>
            {t.addTier}
          </Button>
        </Box>
      )}
    </CatalogueDialog>
  );
};
