import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { metaAdsTexts as m, type MetaAdsAssistantData } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../ui/ErrorState';
import { AdSection } from './AdSection';
import { fetchAdAccounts, fetchPages, freezeAsset, selectAdProfile, unfreezeAssets } from './api';
import { AssetPicker, type AssetOption } from './AssetPicker';
import { AssignDialog } from './AssignDialog';
import { blockedBy, Guarded } from './Guarded';
import { metaAdKeys } from './keys';
import { adTexts as t } from './texts';
import { useMetaAdChange } from './useMetaAdChange';

type Props = { projectId: string; data: MetaAdsAssistantData; canWrite: boolean };
type Kind = 'adAccount' | 'page';

/**
 * Choose Ad account and Choose Facebook page, each frozen or unfrozen by the user who connected
 * Facebook (the page only once the ad account is); for everyone else a frozen asset is the only one
 * listed (the server says so). Assign New Ad Account / Assign New Page share a Limited one.
 */
export const AssetsSection = ({ projectId, data, canWrite }: Props) => {
  const fbUserId = data.fbUserId ?? '';
  const connected = data.fbConnected && fbUserId !== '';
  const [assigning, setAssigning] = useState<Kind | null>(null);
  const accounts = useQuery({
    queryKey: metaAdKeys.adAccounts(projectId, fbUserId),
    queryFn: () => fetchAdAccounts(projectId),
    enabled: connected,
    retry: false,
    select: (r) => r.adAccounts.map((a): AssetOption => ({ id: a.accountId, name: a.accountName, tag: a.tag })),
  });
  const pages = useQuery({
    queryKey: metaAdKeys.pages(projectId, fbUserId),
    queryFn: () => fetchPages(projectId),
    enabled: connected,
    retry: false,
    select: (r) => r.pages.map((p): AssetOption => ({ id: p.pageId, name: p.pageName, tag: p.tag })),
  });
  const choose = useMetaAdChange(
    projectId,
    (body: { selectedMetaAdAccountId: string } | { selectedMetaPageId: string }) =>
      selectAdProfile({ assistantId: projectId, ...body }),
    {
      fallback: m.fallback,
      success: (_, body) => ('selectedMetaPageId' in body ? t.pageChosen : t.accountChosen),
      apply: (_, out) => out.assistantData,
    },
  );
  const freeze = useMetaAdChange(
    projectId,
    (body: { adAccountId: string } | { pageId: string }) => freezeAsset({ assistantId: projectId, ...body }),
    { fallback: m.fallback, success: () => t.frozenDone, apply: (d, out) => ({ ...d, ...out }) },
  );
  const unfreeze = useMetaAdChange(
    projectId,
    (asset: Kind) => unfreezeAssets({ assistantId: projectId, assets: [asset] }),
    { fallback: m.fallback, success: () => t.unfrozenDone, apply: (d, out) => ({ ...d, ...out }) },
  );

  if (!connected)
    return (
      <AdSection title={t.assets}>
        <Typography variant="body2" color="text.secondary">
          {t.assetsHelp}
        </Typography>
      </AdSection>
    );

  const busy = choose.isPending || freeze.isPending || unfreeze.isPending;
  const mine = data.isConnectingUser;
  const frozenHelp = mine ? m.unfreezeFirst : m.frozenByOther;
  const accountFrozen = Boolean(data.freezedMetaAdAccountId);
  const pageFrozen = Boolean(data.freezedMetaPageId);

  const freezeButton = (kind: Kind, frozen: boolean, reason: string | null) => {
    if (!mine) return null;
    const what = kind === 'page' ? 'page' : 'ad account';
    return frozen ? (
      <Guarded reason={blockedBy(canWrite)}>
        <Button
          startIcon={<LockOpenIcon />}
          aria-label={`${t.unfreeze} ${what}`}
          disabled={busy}
          onClick={() => unfreeze.mutate(kind)}
          sx={{ flexShrink: 0 }}
        >
          {t.unfreeze}
        </Button>
      </Guarded>
    ) : (
      <Guarded reason={blockedBy(canWrite, reason)}>
        <Button
          startIcon={<LockIcon />}
          aria-label={`${t.freeze} ${what}`}
          disabled={busy}
          onClick={() =>
            freeze.mutate(
              kind === 'page' ? { pageId: data.selectedMetaPageId! } : { adAccountId: data.selectedMetaAdAccountId! },
            )
          }
          sx={{ flexShrink: 0 }}
        >
          {t.freeze}
        </Button>
      </Guarded>
    );
  };

  const assignButton = (kind: Kind, options: AssetOption[]) => {
    const limited = options.some((o) => o.tag === 'Limited');
    const none = kind === 'page' ? t.noLimitedPage : t.noLimitedAdAccount;
    return (
      <Box>
        <Guarded reason={blockedBy(canWrite, !limited && none)}>
          <Button size="small" onClick={() => setAssigning(kind)}>
            {kind === 'page' ? t.assignNewPage : t.assignNewAdAccount}
          </Button>
        </Guarded>
      </Box>
    );
  };

  const list = (query: typeof accounts, kind: Kind) => {
    if (query.isPending) return <CircularProgress size={24} aria-label={t.loading} sx={{ my: 1 }} />;
    if (query.isError)
      return <ErrorState error={query.error} fallback={m.unableToFetch} onRetry={() => void query.refetch()} />;
    const options = query.data;
    const account = kind === 'adAccount';
    if (options.length === 0)
      return (
        <Typography variant="body2" color="text.secondary">
          {account ? t.noAdAccounts : t.noPages}
        </Typography>
      );
    const frozen = account ? accountFrozen : pageFrozen;
    const selected = account ? data.selectedMetaAdAccountId : data.selectedMetaPageId;
    const freezeReason = account
      ? !selected && m.chooseAccountAndPage
      : (!accountFrozen && m.freezeAccountFirst) || (!selected && m.chooseAccountAndPage);
    return (
      <>
        <AssetPicker
          label={account ? t.chooseAdAccount : t.choosePage}
          options={options}
          selectedId={selected}
          frozen={frozen}
          blocked={blockedBy(canWrite, frozen && frozenHelp)}
          helper={frozen ? frozenHelp : undefined}
          busy={busy}
          onChoose={(id) => choose.mutate(account ? { selectedMetaAdAccountId: id } : { selectedMetaPageId: id })}
          action={freezeButton(kind, frozen, freezeReason || null)}
        />
        {assignButton(kind, options)}
      </>
    );
  };

  const limitedOf = (options: AssetOption[] | undefined) => (options ?? []).filter((o) => o.tag === 'Limited');
  return (
    <AdSection title={t.assets}>
      <Box
        role="group"
        aria-label={t.chooseAdAccount}
        sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        {list(accounts, 'adAccount')}
      </Box>
      <Box
        role="group"
        aria-label={t.choosePage}
        sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        {list(pages, 'page')}
      </Box>
      {assigning && (
        <AssignDialog
          projectId={projectId}
          kind={assigning}
          options={limitedOf(assigning === 'page' ? pages.data : accounts.data)}
          onClose={() => setAssigning(null)}
        />
      )}
    </AdSection>
  );
};
