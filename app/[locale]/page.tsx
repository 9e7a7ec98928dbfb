import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { HomeLogin } from '@/components/account/home-login';
import { CampaignBanner } from '@/components/home/campaign-banner';
import { WizardLoader } from '@/components/application/wizard-loader';
import { HomeChoices } from '@/components/home/home-choices';
import { failIfAsked } from '@/lib/server/crash-hook';
import { wizardMessages } from '@/lib/i18n/client-messages';
import { pageMetadataOf } from '@/lib/i18n/metadata';
import { localeOf } from '@/lib/i18n/locale';
import { getProvinces } from '@/lib/domain/provinces';
import { nationalityOptions } from '@/lib/domain/countries';
import { getCountries, getSettings } from '@/lib/upstream/settings';

export const generateMetadata = pageMetadataOf('/');

export default async function HomePage({ params, searchParams }: PageProps<'/[locale]'>) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  await failIfAsked('page');
  const settings = await getSettings();
  // An open application flow replaces the choices and the banner (spec §2).
  const flow = { yeni: 'new', transfer: 'transfer' } as const;
  const requested = (await searchParams).basvuru;
  if (requested === 'yeni' || requested === 'transfer') {
    // The wizard's texts travel only with the wizard (lib/i18n/client-messages.ts).
    const [messages, countries] = await Promise.all([getMessages(), getCountries()]);
    return (
      <NextIntlClientProvider messages={wizardMessages(messages)}>
        <WizardLoader
          flow={flow[requested]}
          provinces={getProvinces()}
          products={settings?.products ?? []}
          jobs={settings?.jobs ?? []}
          countries={nationalityOptions(countries, settings?.countries)}
          campaign={settings?.data.campaign ?? null}
          settingsFailed={settings === null}
        />
      </NextIntlClientProvider>
    );
  }
  return (
    <div className="container">
      <HomeChoices />
      <HomeLogin />
      <CampaignBanner campaign={settings?.data.campaign ?? null} />
    </div>
  );
}
