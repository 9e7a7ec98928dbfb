'use client';

import { useTranslations } from 'next-intl';
import { useRouter as useNextRouter, useSearchParams } from 'next/navigation';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useAcceptedConsents } from '@/components/application/consent-checks';
import { AddressStep } from '@/components/application/address-step';
import { ApplicationReceived } from '@/components/application/application-received';
import { CodeBox, type CodeRequest } from '@/components/application/code-box';
import { ContactStep } from '@/components/application/contact-step';
import { IdentityStep } from '@/components/application/identity-step';
import { PackageStep } from '@/components/application/package-step';
import { ServiceNumberStep } from '@/components/application/service-number-step';
import { ApplicationSummary } from '@/components/application/summary';
import { useFlow } from '@/components/application/use-flow';
import { type CodeCheck, type CodeSending, VerificationForm, type VerificationKind } from '@/components/application/verification-form';
import styles from '@/components/application/wizard.module.css';
import { useErrorDialog } from '@/components/popups/dialogs';
import { useLoader } from '@/components/popups/loader';
import { useNotify } from '@/components/popups/notifications';
import { useNoCodePopup } from '@/components/application/no-code-popup';
import { usePopups } from '@/components/popups/popup-provider';
import { usePopup } from '@/components/popups/registry';
import { useCurrentUser } from '@/components/session/session-provider';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Stepper } from '@/components/ui/stepper';
import { ApiError } from '@/lib/api/api-error';
import { callApi, untilFiled } from '@/lib/api/client';
import { isFormRefused } from '@/lib/api/error-message';
import type { Campaign, Country, InfrastructureResult, Job, Option, Product, SubscriptionSummary } from '@/lib/api/types';
import { type Flow, productsForConnection } from '@/lib/application/draft';
import {
  callOf,
  fieldErrorsShownOn,
  filesApplication,
  FORM_HASH_LIFETIME_MS,
  type FlowState,
  flowTables,
  shownStepIndex,
  type StepName,
  stepsOf,
} from '@/lib/application/flow';
import { hashOfView } from '@/lib/account/views';
import { isCampaignActive } from '@/lib/campaign';
import { pushTrackingEvent } from '@/lib/domain/datalayer';
import { infrastructureOf } from '@/lib/domain/infrastructure';
import { cartOf } from '@/lib/domain/pricing';
import { chosenTariff, tariffOptions } from '@/lib/domain/tariffs';
import { useRouter } from '@/lib/i18n/navigation';
import type { IdentityValues } from '@/lib/validation/application';

export interface WizardData {
  flow: Flow;
  provinces: Option[];
  products: Product[];
  jobs: Job[];
  /** The settings' countries for the nationality (spec §9: TR by default). */
  countries: Country[];
  /** The welcome campaign of the settings: its discount applies while it runs. */
  campaign: Campaign | null;
  /** The settings (tariffs, occupations, campaign) could not be read: the package step offers a retry. */
  settingsFailed: boolean;
}

/**
 * The application wizards: new line (address → package → identity → contact) and transfer
 * (service number → address → package → identity → contact), as the tables of
 * lib/application/flow.ts describe them; logged-in customers file at the package step. This
 * component renders the state, makes each step's call from the table and dispatches the answer. The
 * step is in the URL (`?basvuru=yeni&adim=2`), so the browser's Back and Forward move between
 * steps, never beyond the first one not answered on the current form.
 */
export default function ApplicationWizard({ flow, provinces, products, jobs, countries, campaign, settingsFailed }: WizardData) {
  const t = useTranslations('application');
  const router = useRouter();
  const nextRouter = useNextRouter();
  const searchParams = useSearchParams();
  const { user, setUser, refresh } = useCurrentUser();
  const { state, dispatch, restored, filedElsewhere, markFiled, forget } = useFlow(flow);
  const popups = usePopups();
  const askNoCode = useNoCodePopup();
  const showRegisteredUser = usePopup('registeredUser');
  const showError = useErrorDialog();
  const loader = useLoader();
  const notify = useNotify();
  const openContactForm = usePopup('contactForm');
  const acceptedConsents = useAcceptedConsents();
  const openLogin = usePopup('login');
  const openInquiry = usePopup('inquiry');
  const [busy, setBusy] = useState(false);
  /** Set once the application is filed: the finish line replaces the steps. */
  const [received, setReceived] = useState<{ subscription: SubscriptionSummary | null; identityStatus: number; order: ReactNode } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onInfrastructure = useCallback((infrastructure: InfrastructureResult | null) => dispatch({ type: 'edited', change: { infrastructure } }), [dispatch]);
  const onIdentityChange = useCallback((identity: FlowState['identity']) => dispatch({ type: 'edited', change: { identity } }), [dispatch]);

  const table = flowTables[flow];
  const loggedIn = user !== null;
  const steps = stepsOf(flow, loggedIn);
  const current = shownStepIndex(state, Number(searchParams.get('adim') ?? '1'), loggedIn);
  const step = steps[current]!.name;
  const indexOf = (name: StepName) => steps.findIndex((candidate) => candidate.name === name);

  // Moving between steps puts focus on the step, so screen readers hear where they are.
  useEffect(() => {
    if (restored) headingRef.current?.focus();
  }, [current, restored]);

  const stepUrl = (index: number) => `?basvuru=${table.param}&adim=${index + 1}`;
  const goTo = (index: number) => window.history.pushState(null, '', stepUrl(index));

  /** The form is over (expired, used, or filed in another tab): back to the first step, everything typed kept. */
  const formRefused = () => {
    dispatch({ type: filedElsewhere() ? 'filedElsewhere' : 'formRefused' });
    window.history.replaceState(null, '', stepUrl(0));
  };
  /** The hash is older than the upstream keeps it: no call would pass. */
  const hashExpired = () => state.formHash !== null && clock() - state.hashIssuedAt >= FORM_HASH_LIFETIME_MS;

  /**
   * Runs one step's action with its button busy (it cannot send twice); a failure keeps everything
   * typed. A refusal that names the step's own fields is told at them, once each; any other shows
   * the spec's message in the error dialog, with 'Tekrar dene' where another try may pass (a timeout).
   */
  const run = async (action: () => Promise<void>): Promise<void> => {
    if (busy) return;
    setBusy(true);
    setFieldErrors({});
    let again = false;
    try {
      await action();
    } catch (error) {
      if (isFormRefused(error)) {
        formRefused();
      } else if (error instanceof ApiError && error.isRegisteredUser) {
        const customer = await showRegisteredUser({ nationalityNumber: state.identity.nationality_number ?? '', message: error.serverMessage });
        // Logged in through the popup: the package step now files the application as the customer's.
        if (customer) goTo(indexOf('package'));
      } else {
        const atFields = error instanceof ApiError ? fieldErrorsShownOn(steps[current]!, error.fieldErrors) : null;
        if (atFields) setFieldErrors(atFields);
        else again = (await showError(error, { retry: true })) === 'retry';
      }
    } finally {
      setBusy(false);
    }
    if (again) await run(action);
  };

  /**
   * Sends a step: the table's call for this visitor with the state's fields (and `change`, what the
   * step adds on submit), then the answer moves the wizard on, or, on a filing call, to the finish line.
   */
  const send = async (name: StepName, { change, identity }: { change?: Partial<Pick<FlowState, 'serviceNumber'>>; identity?: IdentityValues } = {}) => {
    if (change) dispatch({ type: 'edited', change });
    if (name !== steps[0]!.name && hashExpired()) {
      formRefused();
      return;
    }
    const index = indexOf(name);
    const spec = steps[index]!;
    const call = callOf(spec, loggedIn);
    // Moving on without a code asks first where the code box is (spec §4); 'Kod Ekle' stays on the step.
    if (spec.codes === (loggedIn ? 'customer' : 'visitor') && !(await confirmWithoutCode())) return;
    // The spec's loading overlay covers the call (not the questions before it).
    const sending = call.send(callApi, { ...state, ...change }, { consents: acceptedConsents(state.consents), identity });
    if (filesApplication(call)) {
      // A late answer is waited for, never sent again: the upstream may have filed it.
      try {
        await loader.run(untilFiled(sending, state.formHash));
      } catch (error) {
        if (!(error instanceof ApiError && error.details?.filed_unanswered === true)) throw error;
        // Filed, its answer lost on the way: the number comes with the customer's session, so a
        // visitor is asked to log in (TC kimlik no filled in); the finish line follows either way.
        if (!loggedIn) {
          notify.info(error.message, { id: 'filed-unanswered' });
          await openLogin({ nationalityNumber: state.identity.nationality_number ?? '', openProfile: false });
        }
      }
      await complete();
      return;
    }
    const answer = await loader.run(sending);
    dispatch({ type: 'answered', step: name, hash: answer.hash, adds: answer.adds, now: clock(), formId: newFormId() });
    goTo(index + 1);
  };

  const complete = async () => {
    // The order as bought, kept for the finish line before the state is cleared.
    const order = <ApplicationSummary state={state} product={chosen} cart={cart} />;
    pushTrackingEvent(window, flow);
    markFiled();
    // A visitor's filing call started their session; a customer's added a subscription.
    const customer = await refresh();
    if (customer) await setUser(customer);
    setReceived({
      // The newest subscription is the one just filed (the list is newest first, spec §3).
      subscription: customer?.subscriptions[0] ?? null,
      identityStatus: customer?.data.confirm_nationality.status ?? 0,
      order,
    });
  };

  const close = () => {
    forget();
    router.replace('/');
  };

  /**
   * From the finish line, the wizard closes and the profile opens (spec §4), at its own URL: the
   * home page's path in this language without the flow's query, and the profile's hash (which the
   * localized router's typed paths do not take).
   */
  const openProfileFromReceived = () => nextRouter.replace(`${window.location.pathname}${hashOfView({ kind: 'profile' })}`);

  const confirmWithoutCode = async () => Boolean(state.campaignCode || state.referenceCode) || (await askNoCode()) === 'continue';

  /**
   * A call inside a step (a code, a phone or mail check): a refused form goes back to the first step
   * and answers null; any other refusal is thrown, to be told where it was asked.
   */
  const withinStep = async <T,>(call: () => Promise<T>): Promise<T | null> => {
    try {
      // Under the loading overlay, as a step's own call: a slow answer is said to be on its way.
      return await loader.run(call);
    } catch (error) {
      if (!isFormRefused(error)) throw error;
      formRefused();
      return null;
    }
  };

  /** A code applied to the form answers its next hash. */
  const applyCode = async (request: CodeRequest): Promise<boolean> => {
    const answer = await withinStep(() =>
      request.kind === 'campaign' ? callApi('applyCampaignCode', request.body) : callApi('applyReferenceCode', request.body),
    );
    if (!answer) return false;
    const change = request.kind === 'campaign' ? { campaignCode: request.code } : { referenceCode: request.code };
    dispatch({ type: 'rotated', hash: answer.hash, now: clock(), change });
    return true;
  };

  const codeBox = (nationalityNumber: string | undefined, onNationalityNumberProblem?: (messageKey: string) => void) =>
    state.formHash ? (
      <CodeBox
        formHash={state.formHash}
        nationalityNumber={nationalityNumber}
        onNationalityNumberProblem={onNationalityNumberProblem}
        applied={{ campaign: state.campaignCode, reference: state.referenceCode }}
        onApply={applyCode}
      />
    ) : null;

  const connectionType = table.connectionType(state);
  // Only what the line carries can be chosen: its measured speed (none for a transfer's door without
  // infrastructure) limits the tariffs, and a choice the line no longer carries counts as none.
  const lineSpeedMbps = state.infrastructure ? infrastructureOf(state.infrastructure).speedMbps : null;
  const tariffs = tariffOptions(productsForConnection(products, connectionType), lineSpeedMbps);
  const chosen = chosenTariff(tariffs, state.productId);
  const cart = chosen
    ? cartOf({
        product: chosen,
        setup: state.setupPriceIndex === null ? null : (chosen.setup_prices[state.setupPriceIndex] ?? null),
        welcomeActive: campaign !== null && isCampaignActive(campaign, new Date()),
        campaignCode: state.campaignCode,
        referenceCode: state.referenceCode,
      })
    : null;

  /**
   * The phone or mail popup of the contact step: it reports what was typed, the wizard sends the
   * code and checks it; the check answers the form's next hash (the reducer's `verified`). A form
   * that is over closes the popup and goes back to the first step.
   */
  const openVerification = (kind: VerificationKind) => {
    const formHash = state.formHash;
    if (!formHash) return;
    if (hashExpired()) return formRefused();
    const id = `verify-${kind}`;
    const sendCode = async (sending: CodeSending) => {
      const answer = await withinStep(() =>
        sending.kind === 'phone' ? callApi('approvePhoneRequest', sending.body) : callApi('approveMailRequest', sending.body),
      );
      if (!answer) popups.close(id);
      return answer && { codeHash: answer.hash ?? null };
    };
    const checkCode = async (check: CodeCheck) => {
      const answer = await withinStep(() => (check.kind === 'phone' ? callApi('approvePhone', check.body) : callApi('approveMail', check.body)));
      popups.close(id);
      if (!answer) return;
      dispatch({ type: 'verified', kind: check.kind, value: check.value, hash: answer.hash, now: clock() });
      // A timed notification in the right-side info bar (spec §2): the upstream's confirmation.
      notify.success(answer.message || `${t(`contact.${kind}`)}: ${t('contact.verified')}`, { id: `verified-${kind}` });
    };
    popups.open({
      id,
      title: kind === 'phone' ? t('contact.phonePopup') : t('contact.mailPopup'),
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

  if (!restored) {
    return (
      <div className={`container ${styles.wizard}`} aria-busy="true">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }

  if (received) {
    return (
      <ApplicationReceived
        subscription={received.subscription}
        identityStatus={received.identityStatus}
        order={received.order}
        onOpenProfile={openProfileFromReceived}
      />
    );
  }

  if (state.notice === 'filedElsewhere') {
    return (
      <div className={`container ${styles.wizard}`}>
        <Notice tone="info" title={t('filedElsewhere.title')} role="alert">
          <p>{t('filedElsewhere.text')}</p>
          <div className={styles.noticeActions}>
            <Button onClick={loggedIn ? openProfileFromReceived : () => void openLogin()}>{t('filedElsewhere.follow')}</Button>
            <Button variant="secondary" onClick={close}>
              {t('filedElsewhere.home')}
            </Button>
          </div>
        </Notice>
      </div>
    );
  }

  return (
    <div className={`container ${styles.wizard}`}>
      <div className={styles.header}>
        <h1>{t(table.title)}</h1>
        <div className={styles.headerActions}>
          {current > 0 ? (
            <Button variant="ghost" size="small" onClick={() => window.history.back()}>
              {t('back')}
            </Button>
          ) : null}
          <Button variant="ghost" size="small" onClick={close}>
            {t('close')}
          </Button>
        </div>
      </div>
      <Stepper steps={steps.map(({ name }) => t(`steps.${name}`))} current={current} label={t('stepsLabel')} />
      <div className={styles.layout}>
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="visually-hidden">
            {t(`steps.${step}`)}
          </h2>
          {state.notice === 'formExpired' ? (
            <Notice tone="warning" title={t('formExpired.title')} role="alert">
              {t('formExpired.text')}
            </Notice>
          ) : null}

          {step === 'serviceNumber' ? (
            <ServiceNumberStep
              serviceNumber={state.serviceNumber}
              onSubmit={(serviceNumber) => send('serviceNumber', { change: { serviceNumber } })}
              onTooManyFailures={(lastError) => openContactForm({ message: lastError }, t('serviceNumber.contactReason'))}
              onLogIn={() => void openLogin()}
              onInquire={openInquiry}
            />
          ) : null}

          {step === 'address' ? (
            <AddressStep
              provinces={provinces}
              address={state.address}
              checkCoverage={table.checksCoverage}
              submitting={busy}
              onChange={(address) => dispatch({ type: 'edited', change: { address, infrastructure: null } })}
              onInfrastructure={onInfrastructure}
              onContactUs={() => openContactForm({ message: t('address.otherDistrictMessage', { province: state.address.province?.text ?? '' }) })}
              onSubmit={() => run(() => send('address'))}
            />
          ) : null}

          {step === 'package' ? (
            <PackageStep
              tariffs={tariffs}
              lineSpeedMbps={lineSpeedMbps}
              settingsFailed={settingsFailed}
              productId={state.productId}
              setupPriceIndex={state.setupPriceIndex}
              askSetup={table.asksSetupFee}
              nextLabel={loggedIn ? t('package.nextUser') : t('package.nextAnonymous')}
              submitting={busy}
              codeBox={user ? codeBox(user.data.nationality_number) : null}
              consents={loggedIn ? { choices: state.consents, onChange: (consents) => dispatch({ type: 'edited', change: { consents } }) } : undefined}
              onChange={({ productId, setupPriceIndex }) => dispatch({ type: 'edited', change: { productId, setupPriceIndex } })}
              onSubmit={() => run(() => send('package'))}
            />
          ) : null}

          {step === 'identity' ? (
            <IdentityStep
              jobs={jobs}
              countries={countries}
              initial={state.identity}
              submitting={busy}
              serverErrors={fieldErrors}
              codeBox={codeBox}
              onDraftChange={onIdentityChange}
              onSubmit={(identity: IdentityValues) => run(() => send('identity', { identity }))}
            />
          ) : null}

          {step === 'contact' ? (
            <ContactStep
              phone={state.phone}
              mail={state.mail}
              consents={state.consents}
              submitting={busy}
              onVerify={openVerification}
              onConsentsChange={(consents) => dispatch({ type: 'edited', change: { consents } })}
              onSubmit={() => run(() => send('contact'))}
            />
          ) : null}
        </div>
        <ApplicationSummary state={state} product={chosen} cart={cart} />
      </div>
    </div>
  );
}

/** The time events carry (the reducer itself reads no clock). */
const clock = () => Date.now();

/** Names a new form across this browser's tabs (random, no personal data; works without HTTPS). */
function newFormId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
