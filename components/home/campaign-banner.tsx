import Image from 'next/image';
import { getFormatter, getTranslations } from 'next-intl/server';
import styles from '@/components/home/home.module.css';
import type { Campaign } from '@/lib/api/types';
import { isCampaignActive } from '@/lib/campaign';

/** The settings' campaign with its image and note; an expired or missing campaign shows nothing. */
export async function CampaignBanner({ campaign }: { campaign: Campaign | null }) {
  if (!campaign || !isCampaignActive(campaign, new Date())) return null;
  const t = await getTranslations('home');
  const format = await getFormatter();
  return (
    <aside className={styles.banner} aria-label={t('campaignLabel')}>
      {/* Decorative: the title and text say everything the image shows. */}
      <Image src={campaign.image} alt="" width={160} height={120} className={styles.bannerImage} unoptimized />
      <div>
        <h2 className={styles.bannerTitle}>{campaign.title}</h2>
        <p>{campaign.text}</p>
        <p className={styles.bannerNote}>
          {t('campaignUntil', { date: format.dateTime(new Date(campaign.end_date), { dateStyle: 'long' }) })}
        </p>
      </div>
    </aside>
  );
}
