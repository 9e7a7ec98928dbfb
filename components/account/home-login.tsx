'use client';

import { type Messages, NextIntlClientProvider, useLocale, useTranslations } from 'next-intl';
import { type ComponentType, useId, useRef, useState } from 'react';
import styles from '@/components/account/account.module.css';
import type { LoginStepsProps } from '@/components/account/login-steps';
import formStyles from '@/components/popups/forms.module.css';
import { useNotify } from '@/components/popups/notifications';
import { useProfilePopup } from '@/components/account/profile-popup';
import { useCurrentUser } from '@/components/session/session-provider';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';
import { Card } from '@/components/ui/card';
import { loadCatalogue } from '@/components/ui/catalogue-texts';

/** What the visitor did in the first field before the form's code arrived. */
interface ShellState {
  value: string;
  focused: boolean;
  submitted: boolean;
}

interface Handover {
  Steps: ComponentType<LoginStepsProps>;
  /** The language's catalogue: the page carries the shell's texts, not the form's. */
  texts: Messages;
  /** Read while the form renders, with the field still on the page: nothing typed meanwhile is lost. */
  read: () => ShellState;
}

/** The home page's login for returning customers (spec §2): shown only when nobody is logged in. */
export function HomeLogin() {
  const t = useTranslations('login');
  const notify = useNotify();
  const openProfile = useProfilePopup();
  const { user } = useCurrentUser();
  const [handover, setHandover] = useState<Handover | null>(null);
  if (user) return null;
  return (
    <Card as="section" className={styles.homeLogin} aria-labelledby="home-login-heading">
      <h2 id="home-login-heading">{t('homeHeading')}</h2>
      <p className={styles.lead}>{t('homeText')}</p>
      {handover ? (
        <TakeOver
          handover={handover}
          onSuccess={(loggedIn) => {
            notify.toast(t('welcome', { name: `${loggedIn.data.name} ${loggedIn.data.surname}` }), { type: 'success', id: 'welcome' });
            // This form is gone now; the page below takes focus rather than the document body.
            document.getElementById('content')?.focus({ preventScroll: true });
            openProfile();
          }}
        />
      ) : (
        <FirstStepShell onHandover={setHandover} />
      )}
    </Card>
  );
}

/** The real form in the shell's place, starting from what the visitor did in the shell. */
function TakeOver({ handover, onSuccess }: { handover: Handover; onSuccess: LoginStepsProps['onSuccess'] }) {
  const [start] = useState(handover.read);
  const locale = useLocale();
  return (
    <NextIntlClientProvider locale={locale} messages={handover.texts}>
      <handover.Steps initialNationalityNumber={start.value} focusOnMount={start.focused} submitOnMount={start.submitted} onSuccess={onSuccess} />
    </NextIntlClientProvider>
  );
}

/**
 * The TC kimlik no step as plain markup, so the page does not load the form's code (react-hook-form,
 * zod, masks: about 75 KiB gzip) until a visitor uses it. The first touch, focus or key fetches the
 * real form, which takes over with what was typed, the focus and a submit made in the meantime.
 */
function FirstStepShell({ onHandover }: { onHandover: (handover: Handover) => void }) {
  const t = useTranslations('login');
  const locale = useLocale();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);
  const loading = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    Promise.all([import('@/components/account/login-steps'), loadCatalogue(locale)]).then(
      ([{ LoginSteps }, texts]) =>
        onHandover({
          Steps: LoginSteps,
          texts,
          read: () => {
            const field = input.current;
            return { value: field?.value ?? '', focused: field !== null && document.activeElement === field, submitted: submitted.current };
          },
        }),
      () => {
        // The code or the texts did not arrive (connection lost): the next touch asks again.
        loading.current = false;
      },
    );
  };

  return (
    <form
      className={formStyles.form}
      noValidate
      onPointerDown={load}
      onFocus={load}
      onSubmit={(event) => {
        event.preventDefault();
        submitted.current = true;
        load();
      }}
    >
      <Field id={id} label={t('nationalityNumber')} hint={t('nationalityNumberHint')}>
        {/* No name: without JavaScript the form sends nothing, so a number never lands in a URL. */}
        <Input
          ref={input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={11}
          onInput={(event) => {
            const field = event.currentTarget;
            field.value = field.value.replace(/\D/g, '');
          }}
          {...describedBy(id, { hint: true })}
        />
      </Field>
      <Button type="submit" block>
        {t('submit')}
      </Button>
    </form>
  );
}
