/* global document, VideoEncoder, VideoFrame, Buffer */
/**
 * Makes the application form's sample media (sample-image.jpg, sample-video.mp4,
 * sample-document.pdf) in this folder, each a few KB, without a media tool installed:
 *
 *   node apps/server/assets/samples/make-samples.mjs
 *
 * - The picture is a canvas drawn in Chromium (`/usr/bin/chromium`, driven by the e2e workspace's
 *   Playwright) and saved as a baseline JPEG by the browser's own encoder.
 * - The video is 2 s of the same canvas, animated, encoded by Chromium's WebCodecs to H.264
 *   (Constrained Baseline, no audio: what Meta takes for a WhatsApp video), then put in a
 *   progressive MP4 by the small muxer below (ftyp, moov before mdat so it plays while loading).
 * - The PDF is one A4 page written by hand: the standard Helvetica font (nothing embedded) and a
 *   cross-reference table with the objects' real byte offsets.
 *
 * The files are committed; run this again only to change them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const WIDTH = 480;
const HEIGHT = 270;
const FPS = 25;
const FRAMES = 2 * FPS;

// ---- Drawn and encoded in the browser ------------------------------------------------------------

/** Runs in the page: the JPEG as base64, and the H.264 access units with the decoder's avcC record. */
const drawAndEncode = async ({ width, height, fps, frames }) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  const draw = (t, title) => {
    const sky = ctx.createLinearGradient(0, 0, width, height);
    sky.addColorStop(0, '#0b7a5c');
    sky.addColorStop(1, '#25d366');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = 'rgba(255,255,255,0.18)';
    ctx.beginPath();
    ctx.arc(width * (0.15 + 0.7 * t), height * 0.8, height * 0.11, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.font = `bold ${Math.round(height / 8)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.fillText(title, width / 2, height * 0.42);
    ctx.font = `${Math.round(height / 16)}px sans-serif`;
    ctx.fillText('Partner Console · application form', width / 2, height * 0.55);
  };

  draw(0.5, 'Sample image');
  const jpeg = canvas.toDataURL('image/jpeg', 0.82).split(',')[1];

  const chunks = [];
  let description = null;
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      if (meta?.decoderConfig?.description) description = new Uint8Array(meta.decoderConfig.description);
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      chunks.push({ key: chunk.type === 'key', data: Array.from(data) });
    },
    error: (e) => {
      throw e;
    },
  });
  encoder.configure({
    codec: 'avc1.42e01e', // Constrained Baseline, level 3.0
    width,
    height,
    bitrate: 110_000,
    framerate: fps,
    avc: { format: 'avc' }, // length-prefixed NAL units and an avcC record, as MP4 keeps them
  });
  for (let i = 0; i < frames; i++) {
    draw(i / (frames - 1), 'Sample video');
    const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / fps), duration: Math.round(1e6 / fps) });
    encoder.encode(frame, { keyFrame: i === 0 });
    frame.close();
  }
  await encoder.flush();
  return { jpeg, chunks, description: Array.from(description) };
};

// ---- MP4 (ISO/IEC 14496-12 and -15) ----------------------------------------------------------------

const u8 = (n) => Buffer.from([n & 0xff]);
const u16 = (n) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32 = (n) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const zeros = (n) => Buffer.alloc(n);
const box = (type, ...parts) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type, version, flags, ...parts) =>
  box(type, u8(version), Buffer.from([(flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...parts);
const MATRIX = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));

const mp4 = ({ chunks, description }) => {
  const timescale = FPS * 512;
  const delta = 512;
  const duration = chunks.length * delta;
  const movieTimescale = 1000;
  const movieDuration = Math.round((duration / timescale) * movieTimescale);

  const sampleEntry = box(
    'avc1',
    zeros(6),
    u16(1), // data reference index
    zeros(16),
    u16(WIDTH),
    u16(HEIGHT),
    u32(0x00480000), // 72 dpi
    u32(0x00480000),
    zeros(4),
    u16(1), // one frame per sample
    zeros(32), // compressor name
    u16(0x0018), // colour, no alpha
    u16(0xffff),
    box('avcC', Buffer.from(description)),
  );
  const stbl = (chunkOffset) =>
    box(
      'stbl',
      fullBox('stsd', 0, 0, u32(1), sampleEntry),
      fullBox('stts', 0, 0, u32(1), u32(chunks.length), u32(delta)),
      fullBox(
        'stss',
        0,
        0,
        u32(chunks.filter((c) => c.key).length),
        ...chunks.flatMap((c, i) => (c.key ? [u32(i + 1)] : [])),
      ),
      fullBox('stsc', 0, 0, u32(1), u32(1), u32(chunks.length), u32(1)), // every sample in one chunk
      fullBox('stsz', 0, 0, u32(0), u32(chunks.length), ...chunks.map((c) => u32(c.data.length))),
      fullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
    );
  const moov = (chunkOffset) =>
    box(
      'moov',
      fullBox(
        'mvhd',
        0,
        0,
        u32(0),
        u32(0),
        u32(movieTimescale),
        u32(movieDuration),
        u32(0x00010000),
        u16(0x0100),
        zeros(10),
        MATRIX,
        zeros(24),
        u32(2),
      ),
      box(
        'trak',
        fullBox(
          'tkhd',
          0,
          3,
          u32(0),
          u32(0),
          u32(1),
          zeros(4),
          u32(movieDuration),
          zeros(8),
          u16(0),
          u16(0),
          u16(0),
          zeros(2),
          MATRIX,
          u32(WIDTH << 16),
          u32(HEIGHT << 16),
        ),
        box(
          'mdia',
          fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4 /* und */), u16(0)),
          fullBox(
            'hdlr',
            0,
            0,
            u32(0),
            Buffer.from('vide', 'latin1'),
            zeros(12),
            Buffer.from('VideoHandler\0', 'latin1'),
          ),
          box(
            'minf',
            fullBox('vmhd', 0, 1, zeros(8)),
            box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
            stbl(chunkOffset),
          ),
        ),
      ),
    );

  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const samples = Buffer.concat(chunks.map((c) => Buffer.from(c.data)));
  // moov's size does not depend on the offset's value: lay it out once to learn where mdat's data starts.
  const offset = ftyp.length + moov(0).length + 8;
  return Buffer.concat([ftyp, moov(offset), box('mdat', samples)]);
};

// ---- PDF (ISO 32000-1), one page ---------------------------------------------------------------------

const pdf = () => {
  const text = [
    'BT /F1 28 Tf 72 740 Td (Sample document) Tj ET',
    'BT /F1 12 Tf 72 712 Td (Partner Console: the application form\\222s sample file.) Tj ET',
    '0.145 0.827 0.4 RG 2 w 72 700 m 523 700 l S',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Title (Sample document) /Producer (make-samples.mjs) >>',
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(out, 'latin1');
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};

// ---- Write them -------------------------------------------------------------------------------------

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  // WebCodecs needs a secure context: a page of localhost's, answered here without a server.
  await page.route('http://localhost/', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }),
  );
  await page.goto('http://localhost/');
  const made = await page.evaluate(drawAndEncode, { width: WIDTH, height: HEIGHT, fps: FPS, frames: FRAMES });
  const files = {
    'sample-image.jpg': Buffer.from(made.jpeg, 'base64'),
    'sample-video.mp4': mp4(made),
    'sample-document.pdf': pdf(),
  };
  for (const [name, bytes] of Object.entries(files)) {
    fs.writeFileSync(path.join(here, name), bytes);
    console.log(`${name}: ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
