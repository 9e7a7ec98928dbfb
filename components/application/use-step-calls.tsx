'use client';

import { useTranslations } from 'next-intl';
import type { WizardCodes } from '@/components/application/code-box';
import { type CodeCheck, type CodeSending, VerificationForm, type VerificationKind } from '@/components/application/verification-form';
import { useNotify } from '@/components/popups/notifications';
import { usePopups } from '@/components/popups/popup-provider';
import { callApi } from '@/lib/api/client';
import type { CodeRequest } from '@/lib/application/codes';
import type { FlowState } from '@/lib/application/flow/state';
import { callWithinForm, type FormDeps, formStillOpen, type SubmitDeps } from '@/lib/application/submit';

type StepCallDeps = FormDeps & Pick<SubmitDeps, 'overlay' | 'now'>;

/**
 * The calls inside a step, on the current form (lib/application/submit.ts `callWithinForm`): the
 * campaign and reference code box, and the phone and mail checks of the contact step.
 */

/**
 * What the code box of the package (customer) or identity (visitor) step needs of the wizard: a code
 * applied answers the form's next hash. Null before the form has a hash (no box then).
 */
export function wizardCodes(state: FlowState, deps: StepCallDeps): WizardCodes | null {
  const { formHash } = state;
  if (!formHash) return null;
  const apply = async (request: CodeRequest): Promise<boolean> => {
    const answer = await callWithinForm(
      state,
      () => (request.kind === 'campaign' ? callApi('applyCampaignCode', request.body) : callApi('applyReferenceCode', request.body)),
      deps,
    );
    if (!answer) return false;
    const change = request.kind === 'campaign' ? { campaignCode: request.code } : { referenceCode: request.code };
    deps.dispatch({ type: 'rotated', hash: answer.hash, now: deps.now(), change });
    return true;
  };
  return { formHash, applied: { campaign: state.campaignCode, reference: state.referenceCode }, apply };
}

/**
 * The phone or mail popup of the contact step: it reports what was typed, the wizard sends the code
 * and checks it; the check answers the form's next hash (the reducer's `verified`). A form that is
 * over closes the popup and goes back to the first step.
 */
export function useVerification(state: FlowState, deps: StepCallDeps) {
  const t = useTranslations('application.contact');
  const popups = usePopups();
  const notify = useNotify();

  return (kind: VerificationKind) => {
    const formHash = state.formHash;
    if (!formHash || !formStillOpen(state, deps)) return;
    const id = `verify-${kind}`;
    const sendCode = async (sending: CodeSending) => {
      const answer = await callWithinForm(state, () => (sending.kind === 'phone' ? callApi('approvePhoneRequest', sending.body) : callApi('approveMailRequest', sending.body)), deps);
      if (!answer) popups.close(id);
      return answer && { codeHash: answer.hash ?? null };
    };
    const checkCode = async (check: CodeCheck) => {
      const answer = await callWithinForm(state, () => (check.kind === 'phone' ? callApi('approvePhone', check.body) : callApi('approveMail', check.body)), deps);
      popups.close(id);
      if (!answer) return;
      deps.dispatch({ type: 'verified', kind: check.kind, value: check.value, hash: answer.hash, now: deps.now() });
      // The step shows it where it happened (the green 'Doğrulandı' beside the value), so nothing is
      // drawn over the form (a timed notification covered the consents on a phone, the finish
      // screen's number after filing); screen readers hear the upstream's confirmation.
      notify.announce(answer.message || `${t(kind)}: ${t('verified')}`);
    };
    popups.open({
      id,
      title: kind === 'phone' ? t('phonePopup') : t('mailPopup'),
      render: () => (
        <VerificationForm
          kind={kind}
          formHash={formHash}
          initialValue={(kind === 'phone' ? (state.phone ?? state.prefill.phone) : (state.mail ?? state.prefill.mail)) ?? ''}
          onSendCode={sendCode}
          onCheckCode={checkCode}
        />
      ),
    });
  };
}
