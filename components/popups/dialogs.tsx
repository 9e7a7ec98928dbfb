'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useCallback } from 'react';
import { usePopups } from '@/components/popups/popup-provider';
import styles from '@/components/popups/popups.module.css';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { useErrorText } from '@/components/ui/error-text';
import { isSessionExpired, isTransient } from '@/lib/api/error-message';

export interface Choice<T> {
  value: T;
  label: string;
  variant?: ButtonVariant;
}

export interface ChoiceOptions<T> {
  id?: string;
  title: string;
  message: ReactNode;
  /** In order; the first one has focus when the popup opens. */
  choices: Choice<T>[];
  /** What Escape or the close button answers. */
  dismissValue: T;
}

/** A message popup with buttons; answers the chosen value (or `dismissValue` when dismissed). */
export function useChoice() {
  const { open } = usePopups();
  return useCallback(
    <T,>({ id, title, message, choices, dismissValue }: ChoiceOptions<T>) =>
      new Promise<T>((resolve) => {
        let answer = dismissValue;
        open({
          id,
          title,
          alert: true,
          onClose: () => resolve(answer),
          render: ({ close, descriptionId }) => (
            <>
              <div id={descriptionId}>{typeof message === 'string' ? <p className={styles.message}>{message}</p> : message}</div>
              <div className={styles.actions}>
                {choices.map((choice, index) => (
                  <Button
                    key={choice.label}
                    variant={choice.variant ?? (index === 0 ? 'primary' : 'secondary')}
                    data-autofocus={index === 0 ? '' : undefined}
                    onClick={() => {
                      answer = choice.value;
                      close();
                    }}
                  >
                    {choice.label}
                  </Button>
                ))}
              </div>
            </>
          ),
        });
      }),
    [open],
  );
}

export interface ErrorDialogOptions {
  /** The catalogue text when the server gave none: the dialog text (default) or the login/notification variant. */
  fallback?: 'generic' | 'genericShort';
  /** Defaults to 'Bir Hata Oluştu'. */
  title?: string;
  /** Offer 'Tekrar dene' when another try may get past the failure; the dialog then resolves with the choice. */
  retry?: boolean;
}

/**
 * The generic error dialog of spec §8: 'Bir Hata Oluştu' with the server's message, else the
 * catalogue text (network failures have their own). Resolves when it is closed: with 'retry' when
 * the caller offered a retry (`retry: true`) for a failure that was not about what was typed (no
 * answer, a timeout, server trouble) and the person chose it; the form stays as it was either way.
 */
export function useErrorDialog() {
  const { open } = usePopups();
  const t = useTranslations('errors');
  const common = useTranslations('common');
  const callText = useErrorText().ofCall;
  return useCallback(
    (error: unknown, { fallback = 'generic', title, retry = false }: ErrorDialogOptions = {}) =>
      new Promise<'retry' | 'close'>((resolve) => {
        // An ended session is said once, by the login it opens (components/account/session-expiry.tsx).
        if (isSessionExpired(error)) {
          resolve('close');
          return;
        }
        const message = callText(error, fallback);
        let choice: 'retry' | 'close' = 'close';
        const offerRetry = retry && isTransient(error);
        open({
          id: 'error-dialog',
          title: title ?? t('title'),
          alert: true,
          onClose: () => resolve(choice),
          render: ({ close, descriptionId }) => (
            <>
              <p id={descriptionId} className={styles.message}>
                {message}
              </p>
              <div className={styles.actions}>
                {offerRetry ? (
                  <Button
                    data-autofocus=""
                    onClick={() => {
                      choice = 'retry';
                      close();
                    }}
                  >
                    {t('retry')}
                  </Button>
                ) : null}
                <Button data-autofocus={offerRetry ? undefined : ''} variant={offerRetry ? 'secondary' : 'primary'} onClick={close}>
                  {common('ok')}
                </Button>
              </div>
            </>
          ),
        });
      }),
    [open, t, common, callText],
  );
}
