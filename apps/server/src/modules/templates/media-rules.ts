import { templateMediaRules } from '@pc/contract';
import { mimeOf, sniff, sniffVideo, videoMimeOf } from '../../providers/storage/content.js';

/**
 * Sample media judged by its bytes (doc 2 section 7.1, last paragraph; the types and sizes of the
 * contract's templateMediaRules). The size message follows the spec's profile picture wording
 * ('Maximum size of Image can be 5MB'), which it also is for an image.
 */

export type MediaFileType = keyof typeof templateMediaRules;

const MB = 1024 * 1024;
const kindOf = (contentType: string) =>
  contentType.startsWith('image/') ? 'Image' : contentType.startsWith('video/') ? 'Video' : 'Document';

/** The refusal of a file over `maxBytes`, named by the kind of file its content type says. */
export const maxSizeMessage = (contentType: string, maxBytes: number) =>
  `Maximum size of ${kindOf(contentType)} can be ${Math.round((maxBytes / MB) * 10) / 10}MB`;

/** The content type the bytes are, among those media can be (images, PDF, MP4 and 3GPP); null when none. */
export const mediaTypeOfBytes = (bytes: Buffer): string | null => {
  const file = sniff(bytes);
  if (file) return mimeOf[file];
  const video = sniffVideo(bytes);
  return video ? videoMimeOf[video] : null;
};

export const allowedContentType = (fileType: MediaFileType, contentType: string): boolean =>
  (templateMediaRules[fileType].contentTypes as readonly string[]).includes(contentType);

/** The largest sample media file of any type: the storage form post takes no more. */
export const MEDIA_MAX_BYTES = Math.max(...Object.values(templateMediaRules).map((r) => r.maxBytes));
