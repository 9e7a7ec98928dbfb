'use client';

import { useTranslations } from 'next-intl';
import styles from '@/components/application/wizard.module.css';
import { Button } from '@/components/ui/button';
import { Stepper } from '@/components/ui/stepper';
import type { FlowTable, StepName } from '@/lib/application/flow';

/** A wizard's title, its way back and out, and where the visitor is among its steps. */
export function WizardHeader({ title, steps, current, onClose }: { title: FlowTable['title']; steps: readonly { name: StepName }[]; current: number; onClose: () => void }) {
  const t = useTranslations('application');
  return (
    <>
      <div className={styles.header}>
        <h1>{t(title)}</h1>
        <div className={styles.headerActions}>
          {current > 0 ? (
            <Button variant="ghost" size="small" onClick={() => window.history.back()}>
              {t('back')}
            </Button>
          ) : null}
          <Button variant="ghost" size="small" onClick={onClose}>
            {t('close')}
          </Button>
        </div>
      </div>
      <Stepper steps={steps.map(({ name }) => t(`steps.${name}`))} current={current} label={t('stepsLabel')} />
    </>
  );
}
