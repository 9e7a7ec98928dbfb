'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { usePopup } from '@/components/popups/registry';
import { useErrorDialog } from '@/components/popups/dialogs';
import { useErrorText } from '@/components/ui/error-text';
import { useLoader } from '@/components/popups/loader';
import { inputMasks, MaskedInput } from '@/components/ui/masked-input';
import styles from '@/components/popups/forms.module.css';
import { Button, linkClass } from '@/components/ui/button';
import { describedBy, Field, Input, Textarea, titled } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { callApi } from '@/lib/api/client';
import type { ContactPrefill } from '@/lib/popups/openers';
import { contactSchema } from '@/lib/validation/account';

type ContactInput = z.input<typeof contactSchema>;
type ContactOutput = z.output<typeof contactSchema>;

const FIELDS = ['fullname', 'phone', 'message'] as const;

/**
 * The contact form (spec §2, §5): fullname (required, max 100), phone (+90 mask), message; POST
 * /forms/contact-form. After success the submit stays disabled and the server's text shows.
 * `reason` says why a flow opened it for the visitor.
 */
export function ContactForm({ prefill, reason }: { prefill?: ContactPrefill; reason?: string }) {
  const t = useTranslations('contactForm');
  const titles = useTranslations('validationTitles');
  const { ofField: fieldText, ofServerField: serverFieldText } = useErrorText();
  const loader = useLoader();
  const showError = useErrorDialog();
  const openConsentText = usePopup('consentText');
  const id = useId();
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactOutput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { fullname: prefill?.fullname ?? '', phone: prefill?.phone ?? '', message: prefill?.message ?? '' },
  });

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = async (values: ContactOutput): Promise<void> => {
    if (busy.current || sent) return;
    busy.current = true;
    try {
      const envelope = await loader.run(callApi('contactForm', values));
      setSent(envelope.message || t('sent'));
    } catch (error) {
      let shown = false;
      for (const field of FIELDS) {
        const text = serverFieldText(error, field);
        if (!text) continue;
        setError(field, { type: 'server', message: text }, { shouldFocus: !shown });
        shown = true;
      }
      if (!shown && (await showError(error, { retry: true })) === 'retry') {
        busy.current = false;
        // What was typed is still in the form: send it again.
        return submit(values);
      }
    } finally {
      busy.current = false;
    }
  };

  const ids = { fullname: `${id}-fullname`, phone: `${id}-phone`, message: `${id}-message` };
  const fullnameError = fieldText(errors.fullname);
  const phoneError = fieldText(errors.phone);
  const messageError = fieldText(errors.message);
  const done = sent !== null;

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className={styles.form}>
      {reason ? <Notice>{reason}</Notice> : null}
      <p className={styles.lead}>{t('lead')}</p>
      <Field id={ids.fullname} label={t('fullname')} error={fullnameError}>
        <Input {...register('fullname')} {...describedBy(ids.fullname, { error: fullnameError })} autoComplete="name" readOnly={done} />
      </Field>
      <Field
        id={ids.phone}
        label={t('phone')}
        error={titled(titles('phone'), phoneError)}
      >
        <Controller
          name="phone"
          control={control}
          render={({ field }) => (
            <MaskedInput
              mask={inputMasks.phone}
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t('phonePlaceholder')}
              readOnly={done}
              {...describedBy(ids.phone, { error: phoneError })}
            />
          )}
        />
      </Field>
      <Field id={ids.message} label={t('message')} hint={t('messageHint')} error={messageError}>
        <Textarea {...register('message')} {...describedBy(ids.message, { hint: true, error: messageError })} rows={4} readOnly={done} />
      </Field>
      <p className={styles.privacy}>
        {t.rich('privacy', {
          link: (chunks) => (
            <button type="button" className={linkClass()} aria-haspopup="dialog" onClick={() => openConsentText('kvkk')}>
              {chunks}
            </button>
          ),
        })}
      </p>
      <div ref={sentRef} tabIndex={-1} role="status" className={styles.status}>
        {sent ? <Notice tone="success">{sent}</Notice> : null}
      </div>
      {/* Busy, not disabled, while sending: it keeps the focus, which an error dialog hands back to it. */}
      <Button type="submit" block disabled={done} aria-disabled={isSubmitting || undefined} aria-busy={isSubmitting || undefined}>
        {t('submit')}
      </Button>
    </form>
  );
}
