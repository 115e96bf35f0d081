import type { MediaUploadUrlResponse } from '@pc/contract';
import { ApiError, parseErrorBody } from '../../api/errors';
import { getMediaUploadUrl, saveMediaDetails, type MediaFileType } from './api';

type Storage = MediaUploadUrlResponse['uploadURL'];

/**
 * The storage post: the policy's fields then the file, WITHOUT the authorization header (the
 * storage is not our API). XMLHttpRequest rather than fetch, for its upload progress.
 */
const postToStorage = (upload: Storage, file: File, onProgress: (fraction: number) => void) =>
  new Promise<void>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // A storage answers XML or nothing: no message of ours to show.
      }
      void parseErrorBody(data).then((body) => reject(new ApiError(xhr.status, body)));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.send(form);
  });

type Upload = {
  projectId: string;
  clientId: string;
  uploadedBy: string;
  file: File;
  fileType: MediaFileType;
  onProgress: (fraction: number) => void;
};

/**
 * A template's sample media: get-upload-url, the storage post, then save-media-details, which
 * checks what was stored and answers the public URL Meta fetches the sample from.
 */
export const uploadSampleMedia = async ({ projectId, clientId, uploadedBy, file, fileType, onProgress }: Upload) => {
  const contentType = file.type || 'application/octet-stream';
  const target = await getMediaUploadUrl({ assistantId: projectId, fileName: file.name, contentType, fileType });
  await postToStorage(target.uploadURL, file, onProgress);
  const saved = await saveMediaDetails({
    assistantId: projectId,
    fileName: file.name,
    contentType,
    fileType,
    clientId,
    date: new Date().toISOString(),
    fileSize: file.size,
    s3Path: target.filePath,
    publicUrl: target.fullUrl,
    uploadedBy,
  });
  return saved.publicUrl;
};
