import { expect, type Page } from '@playwright/test';
import { DECLARED_STORAGE, declaredCookie } from '@/lib/legal/cookies';
import { publicPaths } from '@/lib/pages/shared-view';
import { startReadyToFile } from './flow-state';
import { openHeaderMenu } from './header';
import { acceptConsents } from './consents';
import { passFinishLine } from './received';
import { latestCode } from './sandbox';

/** One cookie as a Set-Cookie header or the page's script wrote it. */
export interface WrittenCookie {
  name: string;
  /** The answer's URL, or 'script' for document.cookie. */
  where: string;
  maxAge: number | null;
  httpOnly: boolean;
  sameSite: string | null;
  /** A deletion (Max-Age=0 or an expiry in the past): its attributes say nothing of the cookie's life. */
  deletes: boolean;
}

function parseCookie(header: string, where: string): WrittenCookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const name = pair.slice(0, pair.indexOf('=')).trim();
  const attribute = (key: string) => attributes.find((part) => part.toLowerCase().startsWith(`${key.toLowerCase()}=`))?.slice(key.length + 1) ?? null;
  const maxAge = attribute('Max-Age');
  const expires = attribute('Expires');
  return {
    name,
    where,
    maxAge: maxAge === null ? null : Number(maxAge),
    httpOnly: attributes.some((part) => part.toLowerCase() === 'httponly'),
    sameSite: attribute('SameSite'),
    deletes: maxAge === '0' || (expires !== null && Date.parse(expires) < Date.now()),
  };
}

/**
 * Records every cookie the site writes while `page` is used: each answer's Set-Cookie headers (of
 * the page's documents, fetches and files) and every document.cookie and Storage write of its
 * scripts, in every document of the page's context.
 */
export async function recordWrites(page: Page) {
  const cookies: WrittenCookie[] = [];
  const storage: { store: string; key: string; where: string }[] = [];
  const pending: Promise<void>[] = [];
  page.context().on('response', (response) => {
    pending.push(
      response
        .headerValues('set-cookie')
        .then((values) => values.flatMap((value) => value.split('\n')).forEach((value) => cookies.push(parseCookie(value, response.url()))))
        .catch(() => {}),
    );
  });
  await page.exposeBinding('recordWrite', (source, kind: string, value: string) => {
    if (kind === 'cookie') cookies.push(parseCookie(value, `script at ${source.page?.url()}`));
    else storage.push({ store: kind, key: value, where: source.page?.url() ?? '' });
  });
  await page.addInitScript(() => {
    const record = (window as unknown as { recordWrite(kind: string, value: string): void }).recordWrite;
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get() {
        return cookie.get!.call(this);
      },
      set(value: string) {
        record('cookie', value);
        cookie.set!.call(this, value);
      },
    });
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      record(this === window.sessionStorage ? 'sessionStorage' : 'localStorage', key);
      return setItem.call(this, key, value);
    };
  });
  return {
    cookies,
    storage,
    /** Every write so far, once the answers' headers have been read. */
    async settled() {
      await Promise.all(pending);
      return { cookies, storage };
    },
  };
}

export interface WalkSite {
  /** The site's origin ('' for the suite's own, the page's baseURL). */
  base?: string;
  /** Its sandbox's origin, for the outbox's codes. */
  sandboxBase?: string;
  /** A customer of this walk to log in as. */
  customer: { nationality_number: string; phone: string };
}

/**
 * The main flows as a visitor walks them, for the cookies they leave: every public page in both
 * languages, the language switch there and back, the contact form, a new application to its finish
 * line and into the account, a logout, a transfer's first step and the SMS login.
 */
export async function walkMainFlows(page: Page, { base = '', sandboxBase, customer }: WalkSite) {
  for (const path of publicPaths) {
    const answer = await page.goto(`${base}${path}`);
    expect(answer?.status(), path).toBe(200);
  }
  await page.goto(`${base}/nasil-yapilir`);
  await (await openHeaderMenu(page)).getByRole('link', { name: 'Switch to English' }).click();
  await expect(page).toHaveURL(/\/en\/how-to$/);
  await (await openHeaderMenu(page)).getByRole('link', { name: "Türkçe'ye geç" }).click();
  await expect(page).toHaveURL(/\/nasil-yapilir$/);

  await (await openHeaderMenu(page)).getByRole('button', { name: 'İletişim Formu' }).click();
  const contact = page.getByRole('dialog', { name: 'İletişim Formu' });
  await contact.getByLabel('Ad Soyad').fill('Deniz Arslan');
  await contact.getByLabel('Telefon Numarası').pressSequentially('5321234567');
  await contact.getByRole('button', { name: 'Gönder' }).click();
  await expect(contact.getByRole('status').filter({ hasText: 'Talebiniz' })).toBeVisible();
  await page.keyboard.press('Escape');

  await startReadyToFile(page, { base, sandboxBase });
  await acceptConsents(page);
  await page.getByRole('button', { name: 'Kaydı Tamamla' }).click();
  await passFinishLine(page);
  await page.getByRole('dialog', { name: 'Hesabım' }).getByRole('button', { name: 'Çıkış Yap' }).click();
  await expect(page.getByRole('dialog', { name: 'Hesabım' })).toBeHidden();

  await page.goto(`${base}/`);
  await page.getByRole('link', { name: 'Transfer Başvurusu' }).click();
  await page.getByLabel('Hizmet numarası').pressSequentially(`17${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  await page.getByRole('button', { name: 'Adres Bilgilerini Ekle' }).click();
  await expect(page.getByRole('combobox', { name: 'İl', exact: true })).toBeVisible();

  await page.goto(`${base}/#giris`);
  const login = page.getByRole('dialog', { name: 'Giriş Yap' });
  await login.getByLabel('TC Kimlik No').pressSequentially(customer.nationality_number);
  await login.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(login.getByLabel('SMS Kodu')).toBeFocused();
  await login.getByLabel('SMS Kodu').fill(await latestCode(customer.phone, sandboxBase));
  await login.getByRole('button', { name: 'Kodu Onayla' }).click();
  await expect(page.getByRole('dialog', { name: 'Hesabım' })).toBeVisible();
  await page.goto(`${base}/en`);
}

/**
 * Fails unless every cookie written is one lib/legal/cookies.ts declares (by its plain or `__Host-` name),
 * with the declared lifetime, HttpOnly and SameSite, and every storage key is a declared record's.
 */
export async function expectOnlyDeclared(page: Page, written: Awaited<ReturnType<typeof recordWrites>>) {
  const { cookies, storage } = await written.settled();
  // What the browser holds at the end: a cookie written some way the recorder missed shows here.
  const held = (await page.context().cookies()).map((cookie) => ({ name: cookie.name, where: 'the browser', maxAge: null, httpOnly: cookie.httpOnly, sameSite: null, deletes: false }));
  const undeclared = [...cookies, ...held].filter((cookie) => !declaredCookie(cookie.name)).map((cookie) => `${cookie.name} (${cookie.where})`);
  expect(undeclared, 'cookies the notice (lib/legal/cookies.ts) does not list').toEqual([]);
  const differing: string[] = [];
  for (const cookie of cookies) {
    const declared = declaredCookie(cookie.name)!;
    if (cookie.deletes) continue;
    const shown = (value: unknown) => JSON.stringify(value);
    if (cookie.maxAge !== declared.maxAgeSeconds) differing.push(`${cookie.name} Max-Age ${shown(cookie.maxAge)}, declared ${shown(declared.maxAgeSeconds)} (${cookie.where})`);
    if (cookie.sameSite?.toLowerCase() !== declared.sameSite.toLowerCase()) differing.push(`${cookie.name} SameSite ${shown(cookie.sameSite)}, declared ${declared.sameSite} (${cookie.where})`);
    if (!cookie.where.startsWith('script') && cookie.httpOnly !== declared.httpOnly) differing.push(`${cookie.name} HttpOnly ${cookie.httpOnly}, declared ${declared.httpOnly} (${cookie.where})`);
    if (cookie.where.startsWith('script') !== (declared.setBy === 'script')) differing.push(`${cookie.name} written by ${cookie.where}, declared as set by the ${declared.setBy}`);
  }
  expect(differing, 'cookies written otherwise than the notice says').toEqual([]);
  const keys = new Set(DECLARED_STORAGE.flatMap((record) => record.names.map((name) => `${record.store} ${name}`)));
  expect(storage.filter(({ store, key }) => !keys.has(`${store} ${key}`)).map(({ store, key, where }) => `${store} ${key} (${where})`), 'browser records the notice does not list').toEqual([]);
  return { cookies, storage };
}
