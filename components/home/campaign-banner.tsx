import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import styles from '@/components/home/home.module.css';
import type { Campaign } from '@/lib/api/types';
import { isCampaignActive } from '@/lib/domain/campaign';
import { formatPrice } from '@/lib/domain/money';
import { DISCOUNTS } from '@/lib/domain/pricing';

/**
 * The settings' campaign with its image and note; an expired or missing campaign shows nothing.
 * The upstream writes the campaign in Turkish only (its title, text and the badge in its image):
 * the Turkish page shows them as they come; the English one says the same from its own template
 * (messages/en.json `home.campaign`), filled with the settings' end date and the welcome discount
 * the summary computes with (lib/domain/pricing.ts), and draws the badge itself.
 */
export async function CampaignBanner({ campaign }: { campaign: Campaign | null }) {
  if (!campaign || !isCampaignActive(campaign, new Date())) return null;
  const t = await getTranslations('home');
  const format = await getFormatter();
  const locale = await getLocale();
  const date = format.dateTime(new Date(campaign.end_date), { dateStyle: 'long' });
  const turkish = locale === 'tr';
  const { monthly, months } = DISCOUNTS.welcome;
  const amount = formatPrice(monthly, { locale: turkish ? 'tr' : 'en' });
  return (
    <aside className={styles.banner} aria-label={t('campaignLabel')}>
      {turkish ? (
        // Decorative: the title and text say everything the image shows. A plain img: the image is
        // a small SVG that next/image would not optimise, and next/image would add its client code
        // (about 4 KiB gzip) to the home page's first load.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={campaign.image} alt="" width={160} height={120} className={styles.bannerImage} decoding="async" />
      ) : (
        // The image's badge, in this language; decorative like the image (the text says it).
        <div className={styles.bannerImage} aria-hidden="true">
          <div className={styles.bannerBadge}>
            <strong>{amount}</strong>
            <span>{t('campaign.badge', { months })}</span>
          </div>
        </div>
      )}
      <div>
        <h2 className={styles.bannerTitle}>{turkish ? campaign.title : t('campaign.title')}</h2>
        <p>{turkish ? campaign.text : t('campaign.text', { date, amount, months })}</p>
        <p className={styles.bannerNote}>{t('campaignUntil', { date })}</p>
      </div>
    </aside>
  );
}
