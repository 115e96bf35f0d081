import { metaAdsTexts } from '@pc/contract';
import { useEffect, useState } from 'react';
import { saveFile } from '../../api/download';
import { useNotify } from '../../ui/useNotify';

type Loaded = { isError: boolean; errorUpdatedAt: number };

/**
 * A list or count that fails says 'Unable to fetch data' top-centre (doc 3 section 8), once per
 * failure; the table shows the failure with Retry in place of rows.
 */
export const useFetchFailureAlert = (...queries: Loaded[]) => {
  const notify = useNotify();
  const failed = queries.some((q) => q.isError);
  const at = Math.max(...queries.map((q) => (q.isError ? q.errorUpdatedAt : 0)));
  useEffect(() => {
    if (failed) notify.error(metaAdsTexts.unableToFetch);
  }, [failed, at, notify]);
};

/**
 * Download Report: builds the CSV (every row of the tab, its search and filters), saves it, and says
 * 'Report successfully downloaded' or 'Unable to download report' (doc 3 section 8).
 */
export const useReportDownload = () => {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async (build: () => Promise<{ csv: string; fileName: string }>) => {
    setBusy(true);
    try {
      const { csv, fileName } = await build();
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
      notify.success(metaAdsTexts.downloaded);
    } catch {
      notify.error(metaAdsTexts.unableToDownload);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download: (build: Parameters<typeof download>[0]) => void download(build) };
};
