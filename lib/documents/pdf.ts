import 'server-only';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { createTranslator } from 'use-intl/core';
import type { AcceptedDocuments } from '@/lib/documents/accepted';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

/**
 * DejaVu Sans from the `dejavu-fonts-ttf` package, embedded (subset) in every document: the PDF
 * standard fonts cannot encode ğ, ş, ı, İ. The path is resolved at run time, so the standalone output
 * traces the files (next.config.ts).
 */
function fontFile(name: 'DejaVuSans.ttf' | 'DejaVuSans-Bold.ttf'): string {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', name);
}

const catalogues = { tr, en } as const;

/**
 * The accepted texts as one PDF (docs/decisions/0020-commitment-summary-and-documents.md): the
 * commitment summary with its figures, the pre-contract information and distance contract, the KVKK
 * notice (and the messages opt-in if given), each with its version, as accepted; text, not images,
 * so it can be selected and searched.
 */
export async function acceptedDocumentsPdf(record: AcceptedDocuments): Promise<Buffer> {
  const t = createTranslator({ locale: record.locale, messages: catalogues[record.locale], namespace: 'documents' });
  const tConsents = createTranslator({ locale: record.locale, messages: catalogues[record.locale], namespace: 'consents' });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: record.locale === 'tr' ? 'tr-TR' : 'en-GB',
    info: { Title: t('title', { number: record.subscriptionId }), Author: t('author'), CreationDate: new Date(record.acceptedAt) },
    // No standard font is ever used: the first font set is ours.
    font: fontFile('DejaVuSans.ttf'),
  });
  doc.registerFont('body', fontFile('DejaVuSans.ttf'));
  doc.registerFont('bold', fontFile('DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const accepted = new Intl.DateTimeFormat(record.locale === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(new Date(record.acceptedAt));
  doc.font('bold').fontSize(16).text(t('title', { number: record.subscriptionId }));
  doc.moveDown(0.3).font('body').fontSize(10).text(t('acceptedAt', { time: accepted }));
  doc.moveDown(0.2).text(t('lead'));

  const heading = (text: string, version: string) => {
    doc.moveDown(1).font('bold').fontSize(13).text(text);
    doc.font('body').fontSize(9).text(tConsents('versionLabel', { version }));
    doc.moveDown(0.4).fontSize(10);
  };

  heading(record.commitment.title, record.commitment.version);
  for (const line of record.commitment.lines) {
    if (line.label) doc.font('bold').text(`${line.label}: `, { continued: true }).font('body').text(line.value);
    else doc.moveDown(0.3).font('body').text(line.value);
  }
  for (const text of record.texts) {
    heading(text.title, text.version);
    for (const paragraph of text.text.split('\n\n')) doc.text(paragraph).moveDown(0.5);
  }
  doc.end();
  return done;
}
