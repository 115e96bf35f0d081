import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  formatCataloguePrice,
  type ProviderCatalogue,
  type TieredChargeType,
  type VolumeTierPrice,
} from '@pc/contract';
import { useId, useState } from 'react';
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
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const tiersOf = (code: string, type: TieredChargeType) => catalogue.volumeTiers[code]?.[type] ?? [];
  const [market, setMarket] = useState<Market | null>(fixed);
  const [type, setType] = useState<TieredChargeType>(fixed?.type ?? 'uc');
  const [drafts, setDrafts] = useState<TierDraft[]>(() => (fixed ? draftsOf(tiersOf(fixed.code, fixed.type)) : []));
  const [focused, setFocused] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const before = market ? tiersOf(market.code, type) : [];
  const list = market ? catalogue.wcc[market.code]?.[type] : undefined;
  const tiers = typedTiers(drafts);
  const ready = Boolean(market && list) && tiers !== null && !sameTiers(tiers, before);

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

  const save = async () => {
    if (!ready || busy || !market || !tiers) return;
    setBusy(true);
    try {
      await onSave(market.code, type, tiers);
      onClose();
    } catch {
      // The refusal was shown; the tiers stay as typed to correct.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.tiersHint}
        </Typography>
        {!fixed && <TierChoice markets={markets} market={market?.code ?? null} type={type} onChoose={choose} />}
        {list && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t.listPriceIs(`${formatCataloguePrice(list.INR, 'INR')} / ${formatCataloguePrice(list.USD, 'USD')}`)}
          </Typography>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          sx={{ display: 'grid', gap: 2 }}
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
          {/* Enter in a field saves, as the Save button does. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!ready} loading={busy}>
          {t.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
