import { getTranslations } from 'next-intl/server';
import styles from '@/components/how-to/how-to-steps.module.css';
import { buttonClass } from '@/components/ui/button';
import { ProsePage } from '@/components/ui/prose-page';
import { Link } from '@/lib/i18n/navigation';

export const howToStepNumbers = [1, 2, 3, 4, 5, 6, 7] as const;

export async function HowToSteps() {
  const t = await getTranslations('howTo');
  return (
    <ProsePage heading={t('heading')} lead={t('lead')}>
      <ol className={styles.steps} aria-label={t('stepsLabel')}>
        {howToStepNumbers.map((n) => (
          <li key={n} className={styles.step}>
            <h2 className={styles.title}>{t(`steps.${n}.title`)}</h2>
            <p>{t(`steps.${n}.text`)}</p>
          </li>
        ))}
      </ol>
      <Link href="/" className={buttonClass()}>
        {t('cta')}
      </Link>
    </ProsePage>
  );
}
