/**
 * A one-page PDF invoice for a recharge, as the payment gateway would hand one out: plain text in
 * the two standard Helvetica fonts (no embedded font, so the file is about 1.5 KB), built by hand so
 * neither the demo seed nor the super-admin's recharge needs a PDF library. The same input always gives the same bytes.
 */
export type InvoiceLines = {
  title: string;
  rows: [label: string, value: string][];
  footer: string;
};

/** Text for a PDF string: the standard fonts speak Latin-1, and ( ) \ are escaped. */
const pdfText = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

export const invoicePdf = (invoice: InvoiceLines): Buffer => {
  const text: string[] = ['BT', '/F2 20 Tf', '56 770 Td', `(${pdfText(invoice.title)}) Tj`, 'ET'];
  invoice.rows.forEach(([label, value], i) => {
    const y = 720 - i * 24;
    text.push('BT', '/F2 11 Tf', `56 ${y} Td`, `(${pdfText(label)}) Tj`, 'ET');
    text.push('BT', '/F1 11 Tf', `220 ${y} Td`, `(${pdfText(value)}) Tj`, 'ET');
  });
  text.push('BT', '/F1 9 Tf', '56 80 Td', `(${pdfText(invoice.footer)}) Tj`, 'ET');
  const content = text.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};
