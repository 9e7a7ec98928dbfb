import 'server-only';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTranslator } from 'use-intl/core';
import type { ApiCallName } from '@/lib/api/calls';
import type { Subscription, TokenAnswer } from '@/lib/api/types';
import { sharedRedis } from '@/lib/server/redis';
import { getConfig } from '@/lib/server/config';
import { getLogger } from '@/lib/server/logger';
import { formatPrice } from '@/lib/domain/money';
import { sortSubscriptions } from '@/lib/domain/subscription';
import type { Consents } from '@/lib/validation/consents';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';

/**
 * What an applicant accepted, kept as they accepted it (docs/decisions/0020-commitment-summary-and-documents.md):
 * the texts in the version and language shown, and the commitment summary's lines with its figures.
 * The upstream has no field for it: it is kept here, keyed to the subscription the filing created,
 * and given only to the customer whose subscription it is (app/api/documents).
 */
export interface AcceptedDocuments {
  subscriptionId: number;
  /** The customer the filing answered (a visitor's); null when the answer did not say (a customer's filing). */
  customerId: number | null;
  acceptedAt: string;
  locale: 'tr' | 'en';
  /** The texts accepted, each in its version: the pre-contract information and distance contract, the KVKK notice, the messages opt-in if given. */
  texts: { kind: 'contract' | 'kvkk' | 'marketing'; version: string; title: string; text: string }[];
  commitment: { version: string; title: string; lines: { label: string; value: string }[] };
}

const catalogues = { tr, en } as const;

/** The record of a filing: its texts from the applicant's catalogue, the summary's lines from its figures. */
export function acceptedDocumentsOf(input: {
  subscriptionId: number;
  customerId: number | null;
  consents: Consents;
  locale: 'tr' | 'en';
  productName: string | null;
  now?: Date;
}): AcceptedDocuments {
  const { consents, locale } = input;
  const t = createTranslator({ locale, messages: catalogues[locale] });
  const kinds = (['contract', 'kvkk', ...(consents.marketing === false ? [] : ['marketing'])] as const).filter(Boolean) as ('contract' | 'kvkk' | 'marketing')[];
  const texts = kinds.map((kind) => ({ kind, version: t(`consents.${kind}.version`), title: t(`consents.${kind}.title`), text: t(`consents.${kind}.text`) }));
  const { figures } = consents.commitment;
  const price = (amount: number) => formatPrice(amount, { locale });
  const exit = (value: { fee: number; afterMonth: number }) => t('application.commitment.exitValue', { fee: price(value.fee), month: value.afterMonth });
  const lines = [
    ...(input.productName ? [{ label: t('application.commitment.tariff'), value: input.productName }] : []),
    { label: t('application.commitment.setup'), value: figures.setupTotal > 0 ? price(figures.setupTotal) : t('application.commitment.setupNone') },
    { label: t('application.commitment.months'), value: t('application.commitment.monthsValue', { months: figures.months }) },
    { label: t('application.commitment.withoutCommitment'), value: price(figures.withoutCommitment) },
    { label: t('application.commitment.average'), value: price(figures.averageMonthly) },
    { label: t('application.commitment.lowestExit'), value: exit(figures.lowestExit) },
    { label: t('application.commitment.highestExit'), value: exit(figures.highestExit) },
  ];
  return {
    subscriptionId: input.subscriptionId,
    customerId: input.customerId,
    acceptedAt: (input.now ?? new Date()).toISOString(),
    locale,
    texts,
    commitment: { version: consents.commitment.version, title: t('consents.commitment.title'), lines: [...lines, { label: '', value: t('application.commitment.exitHow') }] },
  };
}

/** The subscription a filing's answer created, and its customer where the answer names them. */
export function filedSubscriptionOf(call: ApiCallName, data: unknown): { subscriptionId: number; customerId: number | null; productName: string | null } | null {
  if (call === 'registerStep4' || call === 'transferRegisterStep5') {
    const user = (data as TokenAnswer | undefined)?.user;
    const newest = Array.isArray(user?.subscriptions) ? sortSubscriptions(user.subscriptions)[0] : undefined;
    if (!user || typeof newest?.subscription_id !== 'number') return null;
    return { subscriptionId: newest.subscription_id, customerId: typeof user.user_id === 'number' ? user.user_id : null, productName: newest.data?.product?.name ?? null };
  }
  const subscription = data as Subscription | undefined;
  return typeof subscription?.subscription_id === 'number'
    ? { subscriptionId: subscription.subscription_id, customerId: null, productName: subscription.data?.product?.name ?? null }
    : null;
}

const memory = new Map<number, string>();
const redisKey = (subscriptionId: number) => `ob:accepted:${subscriptionId}`;
const fileOf = (dir: string, subscriptionId: number) => path.join(dir, `${subscriptionId}.json`);

/** Kept in Redis (the state role, persistent), else under DATA_DIR, else in this process. Never throws: a filing is done either way. */
export async function keepAcceptedDocuments(record: AcceptedDocuments): Promise<void> {
  const json = JSON.stringify(record);
  try {
    const redis = sharedRedis();
    if (redis) {
      await redis.set(redisKey(record.subscriptionId), json);
      return;
    }
    const dir = getConfig().acceptedDocumentsDir;
    if (dir) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(fileOf(dir, record.subscriptionId), json, { mode: 0o600 });
      return;
    }
  } catch (error) {
    getLogger().warn({ subscriptionId: record.subscriptionId, error: error instanceof Error ? error.message : String(error) }, 'accepted documents kept in memory only');
  }
  memory.set(record.subscriptionId, json);
}

export async function readAcceptedDocuments(subscriptionId: number): Promise<AcceptedDocuments | null> {
  let json: string | null | undefined = memory.get(subscriptionId);
  const redis = sharedRedis();
  if (!json && redis) json = await redis.get(redisKey(subscriptionId)).catch(() => null);
  const dir = getConfig().acceptedDocumentsDir;
  if (!json && dir) json = await readFile(fileOf(dir, subscriptionId), 'utf8').catch(() => null);
  return json ? (JSON.parse(json) as AcceptedDocuments) : null;
}
