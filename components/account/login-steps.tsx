'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCountdown } from '@/components/ui/use-countdown';
import { useErrorDialog } from '@/components/popups/dialogs';
import { useErrorText } from '@/components/ui/error-text';
import styles from '@/components/popups/forms.module.css';
import { useLoader } from '@/components/popups/loader';
import { inputMasks, MaskedInput } from '@/components/ui/masked-input';
import { useCurrentUser } from '@/components/session/session-provider';
import { Button, linkClass } from '@/components/ui/button';
import { describedBy, Field, titled } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { RESEND_SECONDS } from '@/lib/account/resend';
import { ApiError } from '@/lib/api/api-error';
import { callApi } from '@/lib/api/client';
import { retryAfterSeconds } from '@/lib/api/error-message';
import { maskNationalityNumber } from '@/lib/domain/mask';
import type { SessionUser } from '@/lib/api/types';
import { authSchema, authStartSchema } from '@/lib/validation/account';

const codeSchema = authSchema.pick({ sms_code: true });

/** A code on its way: the security hash auth-start answered, its message and when it was sent. */
interface Challenge {
  hash: string;
  message?: string;
  sentAt: number;
}

async function startLogin(loader: ReturnType<typeof useLoader>, nationalityNumber: string): Promise<Challenge> {
  const envelope = await loader.run(callApi('authStart', { nationality_number: nationalityNumber }));
  if (!envelope.hash) throw new ApiError(502, undefined, 'generic', undefined);
  return { hash: envelope.hash, message: envelope.message, sentAt: Date.now() };
}

export interface LoginStepsProps {
  /** Fills the TC kimlik no (the registered-user popup passes the number the visitor typed). */
  initialNationalityNumber?: string;
  /** The TC field takes focus at once (the home page's form takes over a focused field). */
  focusOnMount?: boolean;
  /** Sends the TC step at once (the visitor pressed 'Giriş Yap' before this code arrived). */
  submitOnMount?: boolean;
  /** After the session holds the user: the header already shows the name. */
  onSuccess?: (user: SessionUser) => void;
}

/**
 * The SMS login of spec §2/§4 in two steps, built once for the login popup, the inquiry popup and
 * the home page: TC kimlik no ('Giriş Yap'), then the 6-digit SMS code ('Kodu Onayla') with a
 * resend link that counts down 60 s.
 */
export function LoginSteps({ initialNationalityNumber = '', focusOnMount = false, submitOnMount = false, onSuccess }: LoginStepsProps) {
  const [nationalityNumber, setNationalityNumber] = useState(initialNationalityNumber);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [changing, setChanging] = useState(focusOnMount);
  const [pendingSubmit, setPendingSubmit] = useState(submitOnMount);
  if (!challenge) {
    return (
      <NationalityStep
        defaultValue={nationalityNumber}
        focusOnMount={changing}
        submitOnMount={pendingSubmit}
        onSent={(value, next) => {
          setNationalityNumber(value);
          setChallenge(next);
        }}
      />
    );
  }
  return (
    <CodeStep
      nationalityNumber={nationalityNumber}
      challenge={challenge}
      onResent={setChallenge}
      onChangeNumber={() => {
        setChanging(true);
        setPendingSubmit(false);
        setChallenge(null);
      }}
      onSuccess={onSuccess}
    />
  );
}

function NationalityStep({
  defaultValue,
  focusOnMount,
  submitOnMount,
  onSent,
}: {
  defaultValue: string;
  /** Back from the code step: the number field takes focus (the button that was clicked is gone). */
  focusOnMount: boolean;
  submitOnMount: boolean;
  onSent: (value: string, challenge: Challenge) => void;
}) {
  const t = useTranslations('login');
  const titles = useTranslations('validationTitles');
  const { ofField: fieldText, ofServerField: serverFieldText } = useErrorText();
  const loader = useLoader();
  const showError = useErrorDialog();
  const id = useId();
  const busy = useRef(false);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(authStartSchema), defaultValues: { nationality_number: defaultValue } });

  // In the same commit as the field appears, so no key pressed meanwhile is lost; the caret goes
  // after what is already there (the home page's form hands over what was typed).
  useLayoutEffect(() => {
    if (!focusOnMount) return;
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement)) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [focusOnMount, id]);

  const submit = async ({ nationality_number }: { nationality_number: string }) => {
    if (busy.current) return;
    busy.current = true;
    try {
      onSent(nationality_number, await startLogin(loader, nationality_number));
    } catch (error) {
      const text = serverFieldText(error, 'nationality_number');
      if (text) setError('nationality_number', { type: 'server', message: text }, { shouldFocus: true });
      else void showError(error, { fallback: 'genericShort' });
    } finally {
      busy.current = false;
    }
  };

  const submittedOnMount = useRef(false);
  useEffect(() => {
    if (!submitOnMount || submittedOnMount.current) return;
    submittedOnMount.current = true;
    void handleSubmit(submit)();
  });

  const error = fieldText(errors.nationality_number);
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className={styles.form}>
      <Field
        id={id}
        label={t('nationalityNumber')}
        hint={t('nationalityNumberHint')}
        error={titled(titles('nationalityNumber'), error)}
      >
        <Controller
          name="nationality_number"
          control={control}
          render={({ field }) => (
            <MaskedInput
              mask={inputMasks.nationalityNumber}
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              {...describedBy(id, { hint: true, error })}
            />
          )}
        />
      </Field>
      {/* Busy, not disabled, while its call runs: it keeps the focus, which an error dialog hands back to it. */}
      <Button type="submit" block aria-disabled={isSubmitting || undefined} aria-busy={isSubmitting || undefined}>
        {t('submit')}
      </Button>
    </form>
  );
}

function CodeStep({
  nationalityNumber,
  challenge,
  onResent,
  onChangeNumber,
  onSuccess,
}: {
  nationalityNumber: string;
  challenge: Challenge;
  onResent: (challenge: Challenge) => void;
  onChangeNumber: () => void;
  onSuccess?: (user: SessionUser) => void;
}) {
  const t = useTranslations('login');
  const titles = useTranslations('validationTitles');
  const { ofField: fieldText, ofServerField: serverFieldText } = useErrorText();
  const loader = useLoader();
  const showError = useErrorDialog();
  const { setUser } = useCurrentUser();
  const id = useId();
  const countdownId = `${id}-countdown`;
  const busy = useRef(false);
  const codeInput = useRef<HTMLInputElement | null>(null);
  const [resent, setResent] = useState(false);
  const left = useCountdown(challenge.sentAt, RESEND_SECONDS);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(codeSchema), defaultValues: { sms_code: '' } });

  // The code field takes focus when this step appears (after the TC step's button, which is gone).
  useEffect(() => {
    codeInput.current?.focus();
  }, []);

  const submit = async ({ sms_code }: { sms_code: string }) => {
    if (busy.current) return;
    busy.current = true;
    try {
      const envelope = await loader.run(callApi('auth', { form_security_hash: challenge.hash, sms_code }));
      if (!envelope.data) throw new ApiError(502, undefined, 'generic', undefined);
      await setUser(envelope.data);
      onSuccess?.(envelope.data);
    } catch (error) {
      const text = serverFieldText(error, 'sms_code', { anyInputError: true });
      if (text) setError('sms_code', { type: 'server', message: text }, { shouldFocus: true });
      else void showError(error, { fallback: 'genericShort' });
    } finally {
      busy.current = false;
    }
  };

  const resend = async () => {
    if (left > 0 || busy.current) return;
    busy.current = true;
    setResent(false);
    try {
      onResent(await startLogin(loader, nationalityNumber));
      setResent(true);
      setValue('sms_code', '');
      clearErrors('sms_code');
      codeInput.current?.focus();
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait) onResent({ ...challenge, sentAt: Date.now() - (RESEND_SECONDS - wait) * 1000 });
      void showError(error, { fallback: 'genericShort' });
    } finally {
      busy.current = false;
    }
  };

  const error = fieldText(errors.sms_code);
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className={styles.form}>
      <Notice tone="info">
        <p>{challenge.message || t('codeSent')}</p>
        {/* The upstream does not say which phone (spec §7): the account it went for, masked. */}
        <p>{t('sentFor', { tc: maskNationalityNumber(nationalityNumber) })}</p>
      </Notice>
      <Field
        id={id}
        label={t('code')}
        hint={t('codeHint')}
        error={titled(titles('loginSmsCode'), error)}
      >
        <Controller
          name="sms_code"
          control={control}
          render={({ field }) => (
            <MaskedInput
              mask={inputMasks.code}
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={(element) => {
                field.ref(element);
                codeInput.current = element;
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              {...describedBy(id, { hint: true, error })}
            />
          )}
        />
      </Field>
      <div role="status" className={styles.status}>
        {resent ? <Notice tone="success">{t('resent')}</Notice> : null}
      </div>
      {/* Busy, not disabled, while its call runs: it keeps the focus, which an error dialog hands back to it. */}
      <Button type="submit" block aria-disabled={isSubmitting || undefined} aria-busy={isSubmitting || undefined}>
        {t('confirm')}
      </Button>
      <div className={styles.row}>
        <span className={styles.resend}>
          <button
            type="button"
            className={linkClass({ action: true, tall: true })}
            aria-disabled={left > 0}
            aria-describedby={left > 0 ? countdownId : undefined}
            onClick={resend}
          >
            {t('resend')}
          </button>
          {left > 0 ? (
            <span id={countdownId} className={styles.countdown}>
              {t('resendIn', { seconds: left })}
            </span>
          ) : null}
        </span>
        <button type="button" className={linkClass({ action: true, tall: true })} onClick={onChangeNumber}>
          {t('change')}
        </button>
      </div>
    </form>
  );
}
