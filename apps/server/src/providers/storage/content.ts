/** File types judged by their bytes (magic numbers), never by their names. */
export type SniffedType = 'pdf' | 'png' | 'jpeg' | null;

export const sniff = (b: Buffer): SniffedType => {
  if (b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  return null;
};

/**
 * An MP4 or 3GPP video: an ISO media file whose first box is 'ftyp', told apart by its major brand
 * (3gp*, 3g2*: 3GPP; QuickTime's 'qt  ' is neither). Kept apart from `sniff`, whose callers (KYC,
 * the profile picture) take documents and images only.
 */
export type SniffedVideo = 'mp4' | '3gpp' | null;
export const sniffVideo = (b: Buffer): SniffedVideo => {
  if (b.length < 12 || b.subarray(4, 8).toString('latin1') !== 'ftyp') return null;
  const brand = b.subarray(8, 12).toString('latin1');
  if (brand.startsWith('3gp') || brand.startsWith('3g2')) return '3gpp';
  return brand === 'qt  ' ? null : 'mp4';
};
export const videoMimeOf: Record<Exclude<SniffedVideo, null>, string> = { mp4: 'video/mp4', '3gpp': 'video/3gpp' };

export const mimeOf: Record<Exclude<SniffedType, null>, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** Width and height of a PNG (IHDR) or JPEG (first SOF marker); null when unreadable. */
export const imageSize = (b: Buffer): { width: number; height: number } | null => {
  const type = sniff(b);
  if (type === 'png') {
    if (b.length < 24 || b.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (type !== 'jpeg') return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isSof) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return null;
};
