'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useStepBack } from '@/components/application/step-form';
import nav from '@/components/application/step-nav.module.css';
import styles from '@/components/application/wizard.module.css';
import { useChoice } from '@/components/popups/dialogs';
import { Button } from '@/components/ui/button';
import { Stepper } from '@/components/ui/stepper';
import type { StepName } from '@/lib/application/flow/state';
import type { FlowTable } from '@/lib/application/flow/tables';

/**
 * A wizard's title, its way out, and where the visitor is among its steps: on a phone
 * 'Adım 2/4 · Paket'. 'Geri' sits beside each step's main button (`StepActions`); here only for a
 * step without one. Leaving asks first when something was given (`askFirst`), in the site's own
 * dialog.
 */
export function WizardHeader({
  title,
  steps,
  current,
  askFirst,
  onClose,
}: {
  title: FlowTable['title'];
  steps: readonly { name: StepName }[];
  current: number;
  askFirst: boolean;
  onClose: () => void;
}) {
  const t = useTranslations('application');
  const back = useCallback(() => previousStep(current), [current]);
  const backBesideButton = useStepBack(current > 0 ? back : null);
  const choose = useChoice();
  const leave = async () => {
    if (askFirst) {
      const answer = await choose({
        id: 'leave-application',
        title: t('leave.title'),
        message: t('leave.text'),
        // The safe answer first, with the focus.
        choices: [
          { value: 'stay', label: t('leave.stay') },
          { value: 'leave', label: t('leave.confirm'), variant: 'secondary' },
        ],
        dismissValue: 'stay',
      });
      if (answer !== 'leave') return;
    }
    onClose();
  };
  const showBack = current > 0 && !backBesideButton;
  return (
    <>
      <div className={styles.header}>
        <h1>{t(title)}</h1>
        <div className={styles.headerActions}>
          {showBack ? (
            <Button variant="ghost" size="small" onClick={back}>
              {t('back')}
            </Button>
          ) : null}
          <Button variant="ghost" size="small" onClick={() => void leave()}>
            {t('close')}
          </Button>
        </div>
      </div>
      <p className={nav.count} aria-hidden="true">
        {t('stepCount', { current: current + 1, total: steps.length, name: t(`steps.${steps[current]!.name}`) })}
      </p>
      <Stepper steps={steps.map(({ name }) => t(`steps.${name}`))} current={current} label={t('stepsLabel')} compact />
    </>
  );
}

/**
 * To the step before `current` (0-based), as a new entry in the browser's history (the step is in
 * the URL: `adim` counts from 1). Not the browser's Back: a wizard opened at a later step (a reload,
 * a link) has no step before it in the history, and Back would leave the site's page.
 */
function previousStep(current: number) {
  const url = new URL(window.location.href);
  url.searchParams.set('adim', String(current));
  window.history.pushState(null, '', url.href);
}
