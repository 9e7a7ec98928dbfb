'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useId } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { CodeBox, type WizardCodes } from '@/components/application/code-box';
import { StepActions } from '@/components/application/step-form';
import styles from '@/components/application/wizard.module.css';
import { useErrorText } from '@/components/ui/error-text';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input, Select, titled } from '@/components/ui/field';
import { inputMasks, MaskedInput } from '@/components/ui/masked-input';
import { ErrorSummary } from '@/components/ui/error-summary';
import { Notice } from '@/components/ui/notice';
import { useTurkishData } from '@/components/ui/page-language';
import type { Country, Job } from '@/lib/api/types';
import { campaignNationalityNumberProblem } from '@/lib/application/codes';
import { type IdentityForm, type IdentityValues, identitySchema } from '@/lib/validation/application';

/** The fields as the form shows them, top to bottom (the error summary's order). */
const fieldOrder = [
  'nationality',
  'nationality_number',
  'nationality_serial_no',
  'name',
  'surname',
  'mother_name',
  'father_name',
  'birthdate',
  'gender',
  'job',
  'security_word',
] as const satisfies readonly (keyof IdentityForm)[];

/** A blank form: no gender is chosen until the visitor picks one. */
const emptyIdentity: Omit<IdentityForm, 'gender'> & { gender: IdentityForm['gender'] | undefined } = {
  nationality: 'TR',
  nationality_number: '',
  nationality_serial_no: '',
  name: '',
  surname: '',
  mother_name: '',
  father_name: '',
  birthdate: '',
  gender: undefined,
  job: '',
  security_word: '',
};

const fieldIdOf = (formId: string, name: keyof IdentityForm) => `${formId}-${name}`;
/** The control a field's error leads to: its input, or the first of the gender radios. */
const controlIdOf = (formId: string, name: keyof IdentityForm) => (name === 'gender' ? `${fieldIdOf(formId, 'gender')}-1` : fieldIdOf(formId, name));

/**
 * Focus for a field the server refused. A popup still open (the no-code question closing while the
 * call ran) keeps the page inert and hands focus back to its opener as it closes: the field takes
 * the focus after that.
 */
function focusOncePopupsClose(control: HTMLElement | null) {
  const popup = Array.from(document.querySelectorAll<HTMLDialogElement>('dialog[open]')).at(-1);
  if (popup) popup.addEventListener('close', () => focusOncePopupsClose(control), { once: true });
  else control?.focus();
}

/**
 * Step 3 (4 in a transfer): identity data with every rule of spec §5, checked before anything is
 * sent, and the visitor's code box, whose campaign code goes with the TC kimlik no typed here. The
 * wizard's state holds the identity (lib/application/flow/state.ts says why there); this form is
 * where it is typed: it starts from that identity and hands back every change and the submission.
 */
export function IdentityStep({
  jobs,
  countries,
  identity,
  submitting,
  serverErrors,
  codes,
  onChange,
  onSubmit,
}: {
  jobs: readonly Job[];
  countries: readonly Country[];
  identity: Partial<IdentityForm>;
  submitting: boolean;
  serverErrors: Record<string, string>;
  /** The code box's form and call; null before the form has a hash. */
  codes: WizardCodes | null;
  onChange: (identity: Partial<IdentityForm>) => void;
  /** The identity as typed, once every field passed its rule. */
  onSubmit: (identity: IdentityForm) => void;
}) {
  const t = useTranslations('application.identity');
  const turkish = useTurkishData();
  const validationText = useErrorText().ofRule;
  const id = useId();
  const form = useForm<IdentityForm, unknown, IdentityValues>({
    resolver: zodResolver(identitySchema),
    defaultValues: { ...emptyIdentity, ...identity },
    mode: 'onTouched',
    // The first invalid field in the form's order takes the focus (below), masked inputs included.
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, formState, getValues, setError, setFocus, subscribe } = form;

  // Every change goes to the wizard's state at once, so a reload or a failed call loses nothing. The
  // form may hand over its own live object: a copy is kept.
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => onChange({ ...values }) }),
    [subscribe, onChange],
  );

  /** A campaign code goes with the TC kimlik no typed here: a missing or wrong one is said at its field, which takes the focus. */
  const nationalityNumberForCode = () => {
    const value = getValues('nationality_number') ?? '';
    const problem = campaignNationalityNumberProblem(value);
    if (problem === null) return value;
    setError('nationality_number', { type: 'campaign', message: problem });
    setFocus('nationality_number');
    return null;
  };

  // The server's messages are said at their fields, and the first of them takes the focus.
  useEffect(() => {
    const refused = fieldOrder.filter((name) => serverErrors[name]);
    for (const name of refused) setError(name, { type: 'server', message: serverErrors[name] });
    if (refused[0]) focusOncePopupsClose(document.getElementById(controlIdOf(id, refused[0])));
  }, [serverErrors, setError, id]);

  const fieldId = (name: keyof IdentityForm) => fieldIdOf(id, name);
  /** One message per field; a rule with a spec title ('Vatandaşlık Numarası Hatalı') leads with it. */
  const errorOf = (error: FieldError | undefined): ReactNode => {
    if (!error?.message) return undefined;
    if (error.type === 'server') return error.message;
    const { title, text } = validationText(error.message);
    return titled(title, text);
  };
  const text = (name: keyof IdentityForm, { hint, ...options }: { autoComplete?: string; maxLength?: number; hint?: string } = {}) => {
    const error = errorOf(formState.errors[name]);
    return (
      <Field id={fieldId(name)} label={t(name as never)} hint={hint} error={error}>
        <Input {...describedBy(fieldId(name), { hint, error })} {...register(name)} {...options} />
      </Field>
    );
  };
  const masked = (name: 'nationality_number' | 'birthdate', mask: string, hint?: string, autoComplete?: string) => {
    const error = errorOf(formState.errors[name]);
    return (
      <Field id={fieldId(name)} label={t(name)} hint={hint} error={error}>
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <MaskedInput
              {...describedBy(fieldId(name), { hint, error })}
              mask={mask}
              inputMode="numeric"
              autoComplete={autoComplete}
              placeholder={hint}
              value={String(field.value ?? '')}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              inputRef={field.ref}
            />
          )}
        />
      </Field>
    );
  };
  const controlId = (name: keyof IdentityForm) => controlIdOf(id, name);
  // After a failed submit: a link to each field that needs attention, in the form's order.
  const summary = formState.isSubmitted
    ? fieldOrder.filter((name) => formState.errors[name]).map((name) => ({ id: controlId(name), label: t(name as never) }))
    : [];
  const focusFirstError = (errors: Partial<Record<keyof IdentityForm, unknown>>) => {
    const first = fieldOrder.find((name) => errors[name]);
    if (first) document.getElementById(controlId(first))?.focus();
  };
  const genderError = errorOf(formState.errors.gender as FieldError | undefined);
  const jobError = errorOf(formState.errors.job);
  const securityError = errorOf(formState.errors.security_word);

  return (
    <form className={styles.step} noValidate onSubmit={handleSubmit(() => onSubmit(getValues()), focusFirstError)}>
      <h2>{t('heading')}</h2>
      <ErrorSummary items={summary} />
      <Notice>{t('notice')}</Notice>
      <div className={styles.formGrid}>
        <Field id={fieldId('nationality')} label={t('nationality')}>
          <Select {...describedBy(fieldId('nationality'), {})} {...register('nationality')}>
            {/* Türkiye, the default, even when the settings could not be read. */}
            {(countries.some((country) => country.code === 'TR') ? countries : [{ code: 'TR', name: 'Türkiye' }, ...countries]).map((country) => (
              <option key={country.code} value={country.code} lang={turkish}>
                {country.name}
              </option>
            ))}
          </Select>
        </Field>
        {masked('nationality_number', inputMasks.nationalityNumber, undefined, 'off')}
        {text('nationality_serial_no', { maxLength: 11, autoComplete: 'off', hint: t('serialHint') })}
        {text('name', { autoComplete: 'given-name' })}
        {text('surname', { autoComplete: 'family-name' })}
        {text('mother_name')}
        {text('father_name')}
        {masked('birthdate', inputMasks.birthDate, t('birthdateHint'), 'bday')}
        <fieldset className={styles.radioGroup} aria-describedby={genderError ? `${fieldId('gender')}-error` : undefined}>
          <legend>{t('gender')}</legend>
          <Controller
            control={control}
            name="gender"
            render={({ field }) => (
              <div className={styles.radioRow}>
                {([1, 2] as const).map((value) => (
                  <label key={value}>
                    <input
                      type="radio"
                      id={`${fieldId('gender')}-${value}`}
                      name={field.name}
                      value={value}
                      checked={field.value === value}
                      onChange={() => field.onChange(value)}
                      onBlur={field.onBlur}
                    />{' '}
                    {value === 1 ? t('female') : t('male')}
                  </label>
                ))}
              </div>
            )}
          />
          <span id={`${fieldId('gender')}-error`} className={styles.fieldError} role="alert">
            {genderError}
          </span>
        </fieldset>
        <Field id={fieldId('job')} label={t('job')} error={jobError}>
          <Select {...describedBy(fieldId('job'), { error: jobError })} {...register('job')}>
            <option value="">{t('jobPlaceholder')}</option>
            {jobs.map((job) => (
              <option key={job.code} value={job.code} lang={turkish}>
                {job.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={fieldId('security_word')} label={t('security_word')} hint={t('securityWordHint')} error={securityError}>
          <Input
            {...describedBy(fieldId('security_word'), { hint: t('securityWordHint'), error: securityError })}
            {...register('security_word')}
            autoComplete="off"
            maxLength={32}
          />
        </Field>
      </div>

      {codes ? <CodeBox codes={codes} nationalityNumber={nationalityNumberForCode} /> : null}

      <StepActions>
        <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
          {t('submit')}
        </Button>
      </StepActions>
    </form>
  );
}
