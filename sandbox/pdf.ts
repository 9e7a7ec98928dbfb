/**
 * A one-page PDF with lines of text, for the sandbox's contracts, tariff sheets and sample
 * documents. Helvetica with WinAnsi encoding has no ğ, ı, İ, ş, so those are written as their
 * closest Latin letters.
 */
const FALLBACK: Record<string, string> = { ğ: 'g', Ğ: 'G', ı: 'i', İ: 'I', ş: 's', Ş: 'S' };

function pdfText(line: string): string {
  return line
    .replace(/[ğĞıİşŞ]/g, (ch) => FALLBACK[ch] ?? ch)
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')
    .replace(/[\\()]/g, (ch) => `\\${ch}`);
}

export function textPdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F1 16 Tf',
    '50 790 Td',
    '22 TL',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf',
    '16 TL',
    'T*',
    ...lines.map((line) => `(${pdfText(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
