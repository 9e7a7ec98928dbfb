'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import styles from '@/components/application/wizard.module.css';
import { useChoice } from '@/components/popups/dialogs';
import { useErrorText } from '@/components/ui/error-text';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input, titled } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Tabs } from '@/components/ui/tabs';
import { type CodeKind, codeProblem, type CodeRequest, codeRequest } from '@/lib/application/codes';

/** What the wizard lends a step's code box: the form a code applies to, the codes applied on it, and the call. */
export interface WizardCodes {
  formHash: string;
  applied: { campaign: string | null; reference: string | null };
  /** Applies a code; false when the form is over and the wizard went back to its first step. */
  apply: (request: CodeRequest) => Promise<boolean>;
}

/**
 * The campaign / reference code box (spec §2): two tabs, each with an input and 'Sorgula'. The step
 * that shows it renders it and owns the TC kimlik no a campaign code goes with; the wizard applies
 * the code.
 */
export function CodeBox({
  codes: { formHash, applied, apply },
  nationalityNumber,
}: {
  codes: WizardCodes;
  /**
   * The TC kimlik no for a campaign code, asked once its code passed: null when there is none, the
   * step having said why where the number is typed.
   */
  nationalityNumber: () => string | null;
}) {
  const t = useTranslations('application.codes');
  const common = useTranslations('common');
  const { ofCall: callText, ofRule: validationText } = useErrorText();
  const choose = useChoice();
  const id = useId();
  const [kind, setKind] = useState<CodeKind>('campaign');
  const [typed, setTyped] = useState<Record<CodeKind, string>>({ campaign: '', reference: '' });
  const [error, setError] = useState<{ title?: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const switchTab = (next: CodeKind) => {
    setKind(next);
    setError(null);
  };

  const submit = async () => {
    setError(null);
    const problem = codeProblem(kind, typed[kind]);
    if (problem) {
      setError(validationText(problem));
      return;
    }
    const number = kind === 'campaign' ? nationalityNumber() : '';
    if (number === null) return;
    setBusy(true);
    try {
      const request = codeRequest(formHash, kind, typed[kind], number);
      if (!(await apply(request))) return;
      setTyped((previous) => ({ ...previous, [kind]: '' }));
      const { code } = request;
      // The spec's success dialog (§8), saying what the code gives; the notice below stays.
      void choose({
        id: 'code-applied',
        title: kind === 'campaign' ? t('campaignApplied') : t('referenceApplied'),
        message: kind === 'campaign' ? t('campaignNotice', { code }) : t('referenceNotice', { code }),
        choices: [{ value: true, label: common('ok') }],
        dismissValue: true,
      });
    } catch (failure) {
      setError({ text: callText(failure) });
    } finally {
      setBusy(false);
    }
  };

  const inputId = `${id}-${kind}`;
  // One message at the field, led by the spec's title where it has one.
  const message = titled(error?.title, error?.text);
  return (
    <section className={styles.codeBox} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('heading')}</h3>
      <Tabs
        label={t('heading')}
        look="underline"
        items={[
          { key: 'campaign', label: t('campaignTab') },
          { key: 'reference', label: t('referenceTab') },
        ]}
        selected={kind}
        onSelect={switchTab}
      >
        <Field id={inputId} label={kind === 'campaign' ? t('campaignLabel') : t('referenceLabel')} error={message}>
          <div className={styles.inline}>
            <Input
              {...describedBy(inputId, { error: message })}
              value={typed[kind]}
              maxLength={32}
              autoComplete="off"
              onChange={(event) => setTyped((previous) => ({ ...previous, [kind]: event.target.value }))}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void submit();
                }
              }}
            />
            <Button variant="secondary" onClick={submit} disabled={busy} aria-busy={busy || undefined}>
              {t('query')}
            </Button>
          </div>
        </Field>
      </Tabs>
      {applied.campaign ? <Notice tone="success">{t('campaignNotice', { code: applied.campaign })}</Notice> : null}
      {applied.reference ? <Notice tone="success">{t('referenceNotice', { code: applied.reference })}</Notice> : null}
    </section>
  );
}
