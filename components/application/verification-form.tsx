'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { useCountdown } from '@/components/ui/use-countdown';
import styles from '@/components/application/wizard.module.css';
import { useErrorText } from '@/components/ui/error-text';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input, titled } from '@/components/ui/field';
import { inputMasks, MaskedInput } from '@/components/ui/masked-input';
import { Notice } from '@/components/ui/notice';
import { RESEND_SECONDS } from '@/lib/account/resend';
import type { ApiBody } from '@/lib/api/calls';
import { retryAfterSeconds } from '@/lib/api/error-message';
import { maskMail, maskPhone } from '@/lib/domain/mask';
import { mailConfirmSchema, mailRequestSchema, phoneConfirmSchema, phoneRequestSchema } from '@/lib/validation/application';

export type VerificationKind = 'phone' | 'mail';

/** A code to send, checked here: the wizard makes the call. */
export type CodeSending = { kind: 'phone'; body: ApiBody<'approvePhoneRequest'> } | { kind: 'mail'; body: ApiBody<'approveMailRequest'> };

/** A code to check for `value`, checked here: the wizard makes the call and keeps the form's next hash. */
export type CodeCheck = { value: string } & ({ kind: 'phone'; body: ApiBody<'approvePhone'> } | { kind: 'mail'; body: ApiBody<'approveMail'> });

/** A body that passed its schema as the request the wizard sends, or the rule it broke (a key under `validation`). */
function checked<K extends VerificationKind, B>(kind: K, parsed: z.ZodSafeParseResult<B>): { kind: K; body: B } | { problem: string } {
  return parsed.success ? { kind, body: parsed.data } : { problem: parsed.error.issues[0]!.message };
}

/**
 * The phone or mail verification popup's content (spec §2, §4): enter the value and ask for a
 * code, then enter the 6-digit code. It checks what is typed and reports it; the wizard makes the
 * calls. The code step takes the focus, says where the code went (masked), counts down to a
 * resend and offers to change the number or address, which keeps the countdown for the same one.
 */
export function VerificationForm({
  kind,
  formHash,
  initialValue,
  onSendCode,
  onCheckCode,
}: {
  kind: VerificationKind;
  formHash: string;
  initialValue: string;
  /**
   * Sends a code: answers the code's hash, or null when the application's form is over (the
   * wizard took over and closed this popup). A refusal throws, to be told here.
   */
  onSendCode: (sending: CodeSending) => Promise<{ codeHash: string | null } | null>;
  /** Checks the code: once it resolves the wizard has the verified value (or took over) and closed this popup. A refusal throws. */
  onCheckCode: (check: CodeCheck) => Promise<void>;
}) {
  const t = useTranslations('application.contact');
  const { ofCall: callText, ofRule: validationText } = useErrorText();
  const id = useId();
  const [value, setValue] = useState(initialValue);
  const [code, setCode] = useState('');
  const [codeHash, setCodeHash] = useState<string | null>(null);
  const [error, setError] = useState<{ field: 'value' | 'code' | 'form'; text: string; title?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentAt, setSentAt] = useState(0);
  /** The value the last code went to: asking again for it waits out the countdown. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const wait = useCountdown(sentAt, RESEND_SECONDS);
  const codeInput = useRef<HTMLInputElement | null>(null);
  const valueInput = useRef<HTMLInputElement | null>(null);
  const [changing, setChanging] = useState(false);
  const shownValue = kind === 'phone' ? value : value.trim();
  const waitForThis = sentTo === shownValue ? wait : 0;

  // Each step takes the focus when it appears: the code once sent, the value when changing it.
  useEffect(() => {
    if (codeHash !== null) codeInput.current?.focus();
    else if (changing) valueInput.current?.focus();
  }, [codeHash, changing]);

  const requestCode = async () => {
    setError(null);
    const sending =
      kind === 'phone'
        ? checked('phone', phoneRequestSchema.safeParse({ form_security_hash: formHash, phone: value }))
        : checked('mail', mailRequestSchema.safeParse({ form_security_hash: formHash, mail: value.trim() }));
    if ('problem' in sending) return setError({ field: 'value', ...validationText(sending.problem) });
    setBusy(true);
    try {
      const sent = await onSendCode(sending);
      if (!sent) return;
      setCodeHash(sent.codeHash);
      setCode('');
      setSentAt(Date.now());
      setSentTo(shownValue);
    } catch (failure) {
      // Too early or too often (429): the countdown runs to the wait the server named.
      const wait = retryAfterSeconds(failure);
      if (wait) {
        setSentAt(Date.now() - (RESEND_SECONDS - wait) * 1000);
        setSentTo(shownValue);
      }
      setError({ field: 'form', text: callText(failure) });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setError(null);
    const check =
      kind === 'phone'
        ? checked('phone', phoneConfirmSchema.safeParse({ form_security_hash: formHash, phone: value, sms_hash: codeHash ?? '', sms_code: code }))
        : checked('mail', mailConfirmSchema.safeParse({ form_security_hash: formHash, mail: value.trim(), mail_hash: codeHash ?? '', mail_code: code }));
    if ('problem' in check) return setError({ field: 'code', ...validationText(check.problem) });
    setBusy(true);
    try {
      await onCheckCode({ ...check, value: value.trim() });
    } catch (failure) {
      setError({ field: 'code', text: callText(failure) });
    } finally {
      setBusy(false);
    }
  };

  const valueId = `${id}-value`;
  const codeId = `${id}-code`;
  // One message at the field, led by the spec's title where it has one ('Numara Hatalı').
  const valueError = error?.field === 'value' ? titled(error.title, error.text) : undefined;
  const codeError = error?.field === 'code' ? titled(error.title, error.text) : undefined;

  return (
    <div className={styles.verification}>
      {codeHash === null ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void requestCode();
          }}
        >
          <Field id={valueId} label={kind === 'phone' ? t('phoneLabel') : t('mailLabel')} error={valueError}>
            {kind === 'phone' ? (
              <MaskedInput
                {...describedBy(valueId, { error: valueError })}
                mask={inputMasks.phone}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+90 (___) ___ __ __"
                value={value}
                onValueChange={setValue}
                inputRef={valueInput}
              />
            ) : (
              <Input
                {...describedBy(valueId, { error: valueError })}
                type="email"
                inputMode="email"
                autoComplete="email"
                ref={valueInput}
                value={value}
                onChange={(event) => setValue(event.target.value.toLowerCase())}
              />
            )}
          </Field>
          {error?.field === 'form' ? <Notice tone="danger" title={error.text} /> : null}
          <Button type="submit" disabled={busy || waitForThis > 0} aria-busy={busy || undefined} block>
            {t('sendCode')}
          </Button>
          {waitForThis > 0 ? <p className={styles.resend}>{t('resendIn', { seconds: waitForThis })}</p> : null}
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <p role="status">{kind === 'phone' ? t('smsSent', { phone: maskPhone(shownValue) }) : t('mailSent', { mail: maskMail(shownValue) })}</p>
          <Field id={codeId} label={t('codeLabel')} error={codeError}>
            <MaskedInput
              {...describedBy(codeId, { error: codeError })}
              mask={inputMasks.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onValueChange={setCode}
              inputRef={codeInput}
            />
          </Field>
          {/* A refused resend (429 with its wait, network) speaks here too, not only on the first step. */}
          {error?.field === 'form' ? <Notice tone="danger" title={error.text} /> : null}
          <Button type="submit" disabled={busy} aria-busy={busy || undefined} block>
            {t('confirm')}
          </Button>
          <p className={styles.resend}>
            {wait > 0 ? (
              t('resendIn', { seconds: wait })
            ) : (
              <Button variant="ghost" size="small" onClick={() => void requestCode()} disabled={busy}>
                {t('resend')}
              </Button>
            )}
          </p>
          <p className={styles.resend}>
            <Button
              variant="ghost"
              size="small"
              onClick={() => {
                setError(null);
                setChanging(true);
                setCodeHash(null);
              }}
            >
              {kind === 'phone' ? t('changePhone') : t('changeMail')}
            </Button>
          </p>
        </form>
      )}
    </div>
  );
}
