'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { StepActions, StepForm, useFocusOnFailure } from '@/components/application/step-form';
import styles from '@/components/application/wizard.module.css';
import { useErrorText } from '@/components/ui/error-text';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input, titled } from '@/components/ui/field';
import { ErrorSummary } from '@/components/ui/error-summary';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api/api-error';
import { initialServiceNumberAttempts, isServiceNumber, nextAttemptState } from '@/lib/domain/service-number';

/**
 * Transfer step 1: the line's service number; transfer-register-step-1 answers the provider it is
 * with now. Where to find the number is one click away before the first try. Three failed attempts
 * (too short, or refused) open the contact form with the last error; a number that already has an
 * application (409) offers the login and the application inquiry, where its status is.
 */
export function ServiceNumberStep({
  serviceNumber,
  onSubmit,
  onTooManyFailures,
  onLogIn,
  onInquire,
}: {
  serviceNumber: string | null;
  /** Looks the number up (the wizard's call): resolves once found and moved on, rejects with the refusal. */
  onSubmit: (serviceNumber: string) => Promise<void>;
  onTooManyFailures: (lastError: string) => void;
  onLogIn: () => void;
  onInquire: () => void;
}) {
  const t = useTranslations('application.serviceNumber');
  const tValidation = useTranslations('validation');
  const tTitles = useTranslations('validationTitles');
  const callText = useErrorText().ofCall;
  const id = useId();
  const [value, setValue] = useState(serviceNumber ?? '');
  // The spec's title leads a refusal of the rule; the upstream's refusals are one sentence.
  const [error, setError] = useState<{ title?: string; text: string } | null>(null);
  const [attempts, setAttempts] = useState(initialServiceNumberAttempts);
  const inputId = `${id}-service-number`;
  // A failed try puts the focus back on the number, whose description says what to fix.
  const failed = useFocusOnFailure(inputId);
  const [busy, setBusy] = useState(false);
  const [alreadyApplied, setAlreadyApplied] = useState(false);

  const fail = (message: { title?: string; text: string }, outcome: Parameters<typeof nextAttemptState>[1]) => {
    setError(message);
    failed();
    const next = nextAttemptState(attempts, outcome);
    setAttempts(next);
    if (next.openContactForm) onTooManyFailures(message.title ? t('lastError', { title: message.title, text: message.text }) : message.text);
  };


  const lookUp = async () => {
    const number = value.trim();
    if (!isServiceNumber(number)) {
      fail({ title: tTitles('serviceNumber'), text: tValidation('serviceNumber') }, { kind: 'invalid' });
      return;
    }
    setBusy(true);
    setError(null);
    setAlreadyApplied(false);
    try {
      await onSubmit(number);
      setAttempts(nextAttemptState(attempts, { kind: 'success' }));
    } catch (failure) {
      setAlreadyApplied(failure instanceof ApiError && failure.status === 409);
      fail({ text: callText(failure) }, { kind: 'upstream', message: failure instanceof ApiError ? (failure.serverMessage ?? null) : null });
    } finally {
      setBusy(false);
    }
  };

  const message = titled(error?.title, error?.text);
  return (
    <StepForm onSubmit={() => void lookUp()}>
      <h2>{t('heading')}</h2>
      <p className={styles.lead}>{t('lead')}</p>
      {error ? <ErrorSummary items={[{ id: inputId, label: t('label') }]} /> : null}
      <Field id={inputId} label={t('label')} hint={t('hint')} error={message}>
        <Input
          {...describedBy(inputId, { hint: t('hint'), error: message })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={value}
          onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
        />
      </Field>
      {alreadyApplied ? (
        <Notice>
          <p>{t('alreadyApplied')}</p>
          <div className={styles.noticeActions}>
            <Button variant="secondary" size="small" onClick={onLogIn}>
              {t('logIn')}
            </Button>
            <Button variant="secondary" size="small" onClick={onInquire}>
              {t('inquire')}
            </Button>
          </div>
        </Notice>
      ) : null}
      <details className={styles.help}>
        <summary>{t('whereTitle')}</summary>
        <p>{t('whereText')}</p>
      </details>
      <StepActions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {t('submit')}
        </Button>
      </StepActions>
    </StepForm>
  );
}
