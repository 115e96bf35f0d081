/** Where uploaded files live (ARCHITECTURE rule 8): local disk by default, S3-compatible when configured. */
export type UploadPost = { url: string; fields: Record<string, string> };

export type StorageProvider = {
  kind: 'local' | 's3';
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  /** A form post the browser sends the file to directly, without the session's authorization header. */
  createUploadPost: (
    key: string,
    opts: { contentType: string; maxBytes: number; expiresSeconds: number },
  ) => Promise<UploadPost>;
};

/** Storage keys are made by the server only: partner/purpose/id/name, with a safe name. */
export const safeFileName = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-80) || 'file';
