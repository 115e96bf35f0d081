import { REPORT_CSV_ACCEPT } from '@pc/contract';
import { ApiError, parseErrorBody } from './errors';
import { endSession } from './client';
import { getToken } from './token';

/**
 * POSTs for a CSV report and saves the answer under the given file name (the spec's names). It asks
 * for the CSV file (the report calls answer `{ logs }` otherwise). A connection lost before or
 * while the file comes is a network failure (status 0): the dialogs show the spec's fallback, e.g.
 * 'Error downloading report!'.
 */
export const downloadFile = async (path: string, body: unknown, fileName: string): Promise<void> => {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: REPORT_CSV_ACCEPT,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
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
