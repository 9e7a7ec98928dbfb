'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import styles from '@/components/application/wizard.module.css';
import { useErrorText } from '@/components/ui/error-text';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api/client';
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
  const errorText = useErrorText().ofCall;
  const id = useId();
  const [value, setValue] = useState(serviceNumber ?? '');
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(initialServiceNumberAttempts);
  const [busy, setBusy] = useState(false);
  const [alreadyApplied, setAlreadyApplied] = useState(false);

  const fail = (message: string, outcome: Parameters<typeof nextAttemptState>[1]) => {
    setError(message);
    const next = nextAttemptState(attempts, outcome);
    setAttempts(next);
    if (next.openContactForm) onTooManyFailures(message);
  };

  const lookUp = async () => {
    const number = value.trim();
    if (!isServiceNumber(number)) {
      fail(`${tTitles('serviceNumber')}: ${tValidation('serviceNumber')}`, { kind: 'invalid' });
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
      fail(errorText(failure), { kind: 'upstream', message: failure instanceof ApiError ? (failure.serverMessage ?? null) : null });
    } finally {
      setBusy(false);
    }
  };

  const inputId = `${id}-service-number`;
  return (
    <form
      className={styles.step}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void lookUp();
      }}
    >
      <h2>{t('heading')}</h2>
      <p className={styles.lead}>{t('lead')}</p>
      <Field id={inputId} label={t('label')} hint={t('hint')} error={error ?? undefined}>
        <Input
          {...describedBy(inputId, { hint: t('hint'), error })}
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
      <div className={styles.actions}>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
