'use client';

import { useTranslations } from 'next-intl';
import styles from '@/components/application/wizard.module.css';
import { Notice } from '@/components/ui/notice';
import type { InfrastructureResult } from '@/lib/api/types';
import { infrastructureOf } from '@/lib/domain/infrastructure';
import { needleAngle } from '@/lib/domain/speed-meter';

/** A half-circle gauge; the needle turns from 0° (left) to 180° (right) by the spec §9 angles. */
export function SpeedMeter({ speedMbps, label }: { speedMbps: number; label: string }) {
  const angle = needleAngle(speedMbps);
  return (
    <svg className={styles.meter} viewBox="0 0 200 110" role="img" aria-label={label}>
      <path d="M20 100 A80 80 0 0 1 180 100" fill="none" stroke="var(--color-border)" strokeWidth="14" strokeLinecap="round" />
      <path
        d="M20 100 A80 80 0 0 1 180 100"
        fill="none"
        stroke="var(--color-primary)"
        strokeWidth="14"
        strokeLinecap="round"
        pathLength={180}
        strokeDasharray={`${angle} 180`}
      />
      <g className={styles.needle} style={{ transform: `rotate(${angle}deg)` }}>
        <line x1="100" y1="100" x2="32" y2="100" stroke="var(--color-text)" strokeWidth="4" strokeLinecap="round" />
      </g>
      <circle cx="100" cy="100" r="8" fill="var(--color-text)" />
    </svg>
  );
}

/** The chosen door's infrastructure: type and speed, or the unsuitable-area notice (spec §4). */
export function InfrastructureResultView({ result }: { result: InfrastructureResult | null }) {
  const t = useTranslations('application.infrastructure');
  if (!result) {
    return (
      <p className={styles.loadingLevel} role="status">
        {t('checking')}
      </p>
    );
  }
  const { type, speedMbps, suitable } = infrastructureOf(result);
  if (!suitable || type === null) {
    return (
      <Notice tone="danger" title={t('unsuitableTitle')}>
        {type === 3 ? <p>{t('type3')}</p> : null}
        {t('unsuitableText')}
      </Notice>
    );
  }
  return (
    <section className={styles.result} aria-labelledby="infrastructure-heading" aria-live="polite">
      <SpeedMeter speedMbps={speedMbps ?? 0} label={t('meterLabel', { speed: speedMbps ?? 0 })} />
      <div>
        <h3 id="infrastructure-heading">
          {t('heading')}: {t(`type${type}`)}
        </h3>
        <p>{t('supports', { speed: speedMbps ?? 0 })}</p>
      </div>
    </section>
  );
}
