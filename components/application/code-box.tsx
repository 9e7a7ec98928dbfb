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
import type { ApiBody } from '@/lib/api/calls';
import { campaignCodeSchema, referenceCodeSchema } from '@/lib/validation/application';

export type CodeKind = 'campaign' | 'reference';

/** A code to apply, checked here: the wizard makes the call and keeps the form's next hash. */
export type CodeRequest =
  | { kind: 'campaign'; code: string; body: ApiBody<'applyCampaignCode'> }
  | { kind: 'reference'; code: string; body: ApiBody<'applyReferenceCode'> };

/**
 * The campaign / reference code box (spec §2): two tabs, each with an input and 'Sorgula'. The
 * wizard applies a code (`onApply` answers false when the form is over and the wizard went back).
 */
export function CodeBox({
  formHash,
  nationalityNumber,
  applied,
  onApply,
  onNationalityNumberProblem,
}: {
  formHash: string;
  nationalityNumber: string | undefined;
  /** Where the TC number is typed on this step: a missing or wrong one is said there, not here. */
  onNationalityNumberProblem?: (messageKey: string) => void;
  applied: { campaign: string | null; reference: string | null };
  onApply: (request: CodeRequest) => Promise<boolean>;
}) {
  const t = useTranslations('application.codes');
  const common = useTranslations('common');
  const { ofCall: callText, ofRule: validationText } = useErrorText();
  const choose = useChoice();
  const id = useId();
  const [kind, setKind] = useState<CodeKind>('campaign');
  const [codes, setCodes] = useState<Record<CodeKind, string>>({ campaign: '', reference: '' });
  const [error, setError] = useState<{ title?: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const switchTab = (next: CodeKind) => {
    setKind(next);
    setError(null);
  };

  const submit = async () => {
    setError(null);
    const code = codes[kind].trim();
    const parsed =
      kind === 'campaign'
        ? campaignCodeSchema.safeParse({ form_security_hash: formHash, campaign_code: codes.campaign, nationality_number: nationalityNumber ?? '' })
        : referenceCodeSchema.safeParse({ form_security_hash: formHash, reference_code: codes.reference });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      if (issue!.path[0] === 'nationality_number' && onNationalityNumberProblem) onNationalityNumberProblem(issue!.message);
      else setError(validationText(issue!.message));
      return;
    }
    setBusy(true);
    try {
      const request: CodeRequest =
        'campaign_code' in parsed.data ? { kind: 'campaign', code, body: parsed.data } : { kind: 'reference', code, body: parsed.data };
      if (!(await onApply(request))) return;
      setCodes((previous) => ({ ...previous, [kind]: '' }));
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
              value={codes[kind]}
              maxLength={32}
              autoComplete="off"
              onChange={(event) => setCodes((previous) => ({ ...previous, [kind]: event.target.value }))}
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
