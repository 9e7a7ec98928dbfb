import { getTranslations } from 'next-intl/server';
import styles from '@/components/home/home.module.css';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Link } from '@/lib/i18n/navigation';

export async function HomeChoices() {
  const t = await getTranslations('home');
  return (
    <section className={styles.hero} aria-labelledby="home-heading">
      <h1 id="home-heading">{t('heading')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      <ul className={styles.choices} aria-label={t('choicesLabel')}>
        <Card as="li" className={styles.choice}>
          <h2>{t('newTitle')}</h2>
          <p>{t('newText')}</p>
          <Link href={{ pathname: '/', query: { basvuru: 'yeni' } }} className={buttonClass({ block: true })}>
            {t('newTitle')}
          </Link>
        </Card>
        <Card as="li" className={styles.choice}>
          <h2>{t('transferTitle')}</h2>
          <p>{t('transferText')}</p>
          <Link href={{ pathname: '/', query: { basvuru: 'transfer' } }} className={buttonClass({ variant: 'secondary', block: true })}>
            {t('transferTitle')}
          </Link>
        </Card>
      </ul>
    </section>
  );
}
