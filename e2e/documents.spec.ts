import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as requests, test } from '@playwright/test';
import { sortSubscriptions } from '@/lib/domain/subscription';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { apiLogin } from './support/api';
import { registerCustomer } from './support/register';

// The texts an applicant accepted, kept for them (docs/decisions/0020-commitment-summary-and-documents.md):
// a PDF made on the server, its text read back as a reader would (pdftotext, poppler-utils), and only
// ever given to the customer whose subscription it is.

/** The PDF's text, as pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'accepted-'));
  try {
    const file = path.join(dir, 'accepted.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', timeout: 20_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the accepted texts as a PDF from the customer area: the version and figures accepted, Turkish letters intact, selectable text', async ({ page }) => {
  // Registered through the backend-for-frontend as the wizard files, with the commitment summary of
  // e2e/support/consents.ts (Limitsiz Fiber 100, the welcome discount, 12 X 150 TL).
  const customer = await registerCustomer(page.request);
  const filed = sortSubscriptions(customer.user.subscriptions)[0]!;
  await page.goto(`/#profil/abonelik/${filed.subscription_id}`);
  const link = page.getByRole('link', { name: 'Kabul ettiğiniz metinler (PDF)' });
  await expect(link).toHaveAttribute('href', `/api/documents/${filed.subscription_id}`);
  const response = await page.request.get((await link.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const text = pdfText(await response.body()).replace(/\s+/g, ' ');
  for (const expected of [
    `Kabul ettiğiniz metinler: başvuru ${filed.subscription_id}`,
    'Taahhüt Özeti',
    'Metin sürümü: 2026-11',
    'Taahhütsüz aylık ücret: 499,90 TL',
    'Taahhüt boyunca ortalama aylık ücret: 592,40 TL',
    'En düşük cayma bedeli: 80 TL (1. ayın sonunda ayrılırsanız)',
    'En yüksek cayma bedeli: 590 TL (10. ayın sonunda ayrılırsanız)',
    'Ön Bilgilendirme Formu ve Mesafeli Sözleşme',
    'Cayma hakkı: sözleşmenin kurulduğu günden başlayarak 14 gün içinde',
    'KVKK Aydınlatma Metni',
    'İşlenen veriler: kimlik bilgileriniz',
  ]) {
    expect(text, expected).toContain(expected);
  }
});

test('attack: no one else’s accepted texts: another customer’s subscription, an unknown or malformed id answer 404; no session answers 401', async ({ request, baseURL }) => {
  const owner = await registerCustomer(request);
  const id = sortSubscriptions(owner.user.subscriptions)[0]!.subscription_id;
  expect((await request.get(`/api/documents/${id}`)).status()).toBe(200);

  // Another customer, logged in from a browser of their own.
  const other = await requests.newContext({ baseURL });
  try {
    expect((await other.get(`/api/documents/${id}`)).status()).toBe(401);
    await apiLogin(other, FIXTURE_CUSTOMERS.approved);
    const theirs = await other.get(`/api/documents/${id}`);
    expect(theirs.status()).toBe(404);
    expect(theirs.headers()['content-type']).not.toBe('application/pdf');
    for (const probe of [String(id + 1), '0', '-1', `${id}.pdf`, '1e3', '../documents/1', '9'.repeat(20)]) {
      expect((await other.get(`/api/documents/${encodeURIComponent(probe)}`)).status(), probe).toBe(404);
    }
  } finally {
    await other.dispose();
  }
  // And the owner's own subscription the portal never filed (none kept for it) is a 404 too, not an empty PDF.
  expect((await request.get('/api/documents/999999999')).status()).toBe(404);
});
