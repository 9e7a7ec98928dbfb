import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import styles from '@/components/home/home.module.css';
import type { Campaign } from '@/lib/api/types';
import { isCampaignActive } from '@/lib/campaign';

/** The settings' campaign with its image and note; an expired or missing campaign shows nothing. */
export async function CampaignBanner({ campaign }: { campaign: Campaign | null }) {
  if (!campaign || !isCampaignActive(campaign, new Date())) return null;
  const t = await getTranslations('home');
  const format = await getFormatter();
  // The upstream writes the campaign in Turkish only: marked so on an English page.
  const lang = (await getLocale()) === 'tr' ? undefined : 'tr';
  return (
    <aside className={styles.banner} aria-label={t('campaignLabel')}>
      {/* Decorative: the title and text say everything the image shows. A plain img: the image is a
          small SVG that next/image would not optimise, and next/image would add its client code
          (about 4 KiB gzip) to the home page's first load. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={campaign.image} alt="" width={160} height={120} className={styles.bannerImage} decoding="async" />
      <div>
        <h2 className={styles.bannerTitle} lang={lang}>
          {campaign.title}
        </h2>
        <p lang={lang}>{campaign.text}</p>
        <p className={styles.bannerNote}>
          {t('campaignUntil', { date: format.dateTime(new Date(campaign.end_date), { dateStyle: 'long' }) })}
        </p>
      </div>
    </aside>
  );
}
