import { ApiError, parseErrorBody } from './errors';
import { endSession } from './client';
import { getToken } from './token';

/** POSTs for a CSV report and saves the answer under the given file name (the spec's names). */
export const downloadFile = async (path: string, body: unknown, fileName: string): Promise<void> => {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    if (response.status === 401 && token) endSession();
    throw new ApiError(response.status, await parseErrorBody(await response.json().catch(() => null)));
  }
  saveFile(await response.blob(), fileName);
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
