import { REPORT_CSV_ACCEPT } from '@pc/contract';
import { ApiError, parseErrorBody } from './errors';
import { endSession } from './client';
import { getToken } from './token';

/**
 * Asks for a CSV file and saves the answer under the given file name. A connection lost before or
 * while the file comes is a network failure (status 0): the screens show their fallback, e.g.
 * 'Error downloading report!'.
 */
const fetchFile = async (path: string, init: RequestInit, fileName: string): Promise<void> => {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        Accept: REPORT_CSV_ACCEPT,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    if (response.status === 401 && token) endSession();
    throw new ApiError(response.status, await parseErrorBody(await response.json().catch(() => null)));
  }
  let file: Blob;
  try {
    file = await response.blob();
  } catch {
    // The server or the network broke off half-way: no file rather than a cut-short one.
    throw new ApiError(0, null);
  }
  saveFile(file, fileName);
};

/** POSTs for a CSV report (the report calls answer `{ logs }` otherwise), saved under the spec's file name. */
export const downloadFile = (path: string, body: unknown, fileName: string): Promise<void> =>
  fetchFile(
    path,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    fileName,
  );

/** GETs a list's URL as its CSV file (the list answers JSON otherwise) and saves it, as downloadFile. */
export const downloadCsv = (path: string, fileName: string): Promise<void> =>
  fetchFile(path, { method: 'GET' }, fileName);

/** Saves what the browser holds as a file of that name (a download link, clicked). */
export const saveFile = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
