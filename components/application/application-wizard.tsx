'use client';

import { useTranslations } from 'next-intl';
import { useRouter as useNextRouter, useSearchParams } from 'next/navigation';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useAcceptedConsents } from '@/components/application/consent-checks';
import { AddressStep } from '@/components/application/address-step';
import { ApplicationReceived, FiledElsewhere } from '@/components/application/application-received';
import { CommitmentStep } from '@/components/application/commitment-step';
import { ContactStep } from '@/components/application/contact-step';
import { IdentityStep } from '@/components/application/identity-step';
import { PackageStep } from '@/components/application/package-step';
import { ServiceNumberStep } from '@/components/application/service-number-step';
import { ApplicationSummary } from '@/components/application/summary';
import { useFlow } from '@/components/application/use-flow';
import { useVerification, wizardCodes } from '@/components/application/use-step-calls';
import { WizardHeader } from '@/components/application/wizard-header';
import styles from '@/components/application/wizard.module.css';
import { useErrorDialog } from '@/components/popups/dialogs';
import { useLoader } from '@/components/popups/loader';
import { useDismissOnChange, useNotify } from '@/components/popups/notifications';
import { useNoCodePopup } from '@/components/application/no-code-popup';
import { usePopup } from '@/components/popups/registry';
import { useCurrentUser } from '@/components/session/session-provider';
import { Notice } from '@/components/ui/notice';
import { callApi, fileApi } from '@/lib/api/client';
import type { Campaign, Country, InfrastructureResult, Job, Option, Product } from '@/lib/api/types';
import type { Flow } from '@/lib/application/draft';
import type { FlowState, StepName } from '@/lib/application/flow/state';
import { callOf, filesApplication, flowTables, shownStepIndex, showsCodeBox, stepsOf } from '@/lib/application/flow/tables';
import { somethingTyped } from '@/lib/application/leave';
import { commitmentConfirmed, offerOf } from '@/lib/application/offer';
import { receiptOf, type StepOutcome, type Submission, submitStep, type SubmitDeps } from '@/lib/application/submit';
import { hashOfView } from '@/lib/account/views';
import { pushTrackingEvent } from '@/lib/domain/datalayer';
import { useRouter } from '@/lib/i18n/navigation';

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
 * lib/application/flow/ describe them; logged-in customers file at the package step. This
 * component renders the state and sends the steps through lib/application/submit.ts, doing what
 * their outcomes ask of the page (a URL, a popup, the finish line). The step is in the URL
 * (`?basvuru=yeni&adim=2`), so the browser's Back and Forward move between steps, never beyond
 * the first one not answered on the current form.
 */
export default function ApplicationWizard({ flow, provinces, products, jobs, countries, campaign, settingsFailed }: WizardData) {
  const t = useTranslations('application');
  const router = useRouter();
  const nextRouter = useNextRouter();
  const searchParams = useSearchParams();
  const { user, setUser, refresh } = useCurrentUser();
  const { state, dispatch, restored, filedElsewhere, markFiled, forget } = useFlow(flow);
  const askNoCode = useNoCodePopup();
  const showRegisteredUser = usePopup('registeredUser');
  const showError = useErrorDialog();
  const loader = useLoader();
  const notify = useNotify();
  const openContactForm = usePopup('contactForm');
  const acceptedConsents = useAcceptedConsents();
  const openLogin = usePopup('login');
  const openInquiry = usePopup('inquiry');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onInfrastructure = useCallback((infrastructure: InfrastructureResult | null) => dispatch({ type: 'edited', change: { infrastructure } }), [dispatch]);
  const onIdentityChange = useCallback((identity: FlowState['identity']) => dispatch({ type: 'edited', change: { identity } }), [dispatch]);

  const table = flowTables[flow];
  const loggedIn = user !== null;
  const steps = stepsOf(flow, loggedIn);
  const current = shownStepIndex(state, Number(searchParams.get('adim') ?? '1'), loggedIn);
  const step = steps[current]!.name;
  const busy = state.submitting !== null;
  // Notifications and toasts close when the step changes or the wizard finishes: none may cover the form.
  useDismissOnChange(state.receipt ? 'received' : step);

  // Moving between steps puts focus on the step, so screen readers hear where they are.
  useEffect(() => {
    if (restored) headingRef.current?.focus();
  }, [current, restored]);

  const stepUrl = (index: number) => `?basvuru=${table.param}&adim=${index + 1}`;
  const goTo = (index: number) => window.history.pushState(null, '', stepUrl(index));

  const deps: SubmitDeps = {
    loggedIn,
    dispatch,
    make: callApi,
    file: fileApi,
    overlay: loader.run,
    confirmWithoutCode: async () => (await askNoCode()) === 'continue',
    filedElsewhere,
    // The form is over: its first step, everything typed kept.
    restart: () => window.history.replaceState(null, '', stepUrl(0)),
    now: clock,
    newFormId,
  };

  /**
   * Sends a step (lib/application/submit.ts) and does what its outcome asks of the page: the next
   * step, the login of a registered customer, the finish line. Failures are the caller's to tell.
   */
  const submit = async (name: StepName, submission: Omit<Submission, 'consents'> = {}): Promise<StepOutcome> => {
    const spec = steps.find((candidate) => candidate.name === name);
    const call = spec ? callOf(spec, loggedIn) : null;
    // Nothing is filed on a commitment summary not confirmed as it stands now (a tariff, setup fee or
    // code changed since): the summary is shown again, its box unticked.
    if (call && filesApplication(call) && (!state.commitment || !commitmentConfirmed(state.commitment, offer))) {
      goTo(steps.findIndex((candidate) => candidate.name === 'commitment'));
      return { kind: 'stayed' };
    }
    const outcome = await submitStep(state, name, { ...submission, consents: acceptedConsents(state.consents, state.commitment) }, deps);
    if (outcome.kind === 'moved') goTo(outcome.to);
    if (outcome.kind === 'registeredUser') {
      const customer = await showRegisteredUser({ nationalityNumber: outcome.nationalityNumber, refusal: outcome.refusal });
      // Logged in through the popup: the package step now files the application as the customer's.
      if (customer) goTo(steps.findIndex((candidate) => candidate.name === 'package'));
    }
    if (outcome.kind === 'filed') {
      // Filed, its answer lost on the way: the number comes with the customer's session, so a
      // visitor is asked to log in (TC kimlik no filled in); the finish line follows either way.
      if (outcome.unanswered && !loggedIn) {
        notify.info(outcome.unanswered, { id: 'filed-unanswered' });
        await openLogin({ nationalityNumber: state.identity.nationality_number ?? '', openProfile: false });
      }
      pushTrackingEvent(window, flow);
      // A visitor's filing call started their session; a customer's added a subscription.
      const customer = await refresh();
      if (customer) await setUser(customer);
      markFiled(receiptOf(outcome.answer, customer));
    }
    return outcome;
  };

  /** A step's failure is told in the error dialog, with 'Tekrar dene' where another try may pass (a timeout). */
  const submitAndTell = async (name: StepName, submission: Omit<Submission, 'consents'> = {}) => {
    const outcome = await submit(name, submission);
    if (outcome.kind === 'failed' && (await showError(outcome.error, { retry: true })) === 'retry') await submitAndTell(name, submission);
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

  const openVerification = useVerification(state, deps);

  const codes = wizardCodes(state, deps);
  /** The code box goes on the step the table puts it on for this visitor, which renders it. */
  const codesOn = (name: StepName) => (steps.some((spec) => spec.name === name && showsCodeBox(spec, loggedIn)) ? codes : null);
  const packageCodes = codesOn('package');

  const offer = offerOf(state, products, campaign, new Date());
  const { lineSpeedMbps, connectionType, tariffs, chosen, cart, setupFee } = offer;
  const summary = <ApplicationSummary state={state} product={chosen} cart={cart} />;

  /** Each step's view: what it shows of the state and which submission it makes. */
  const stepViews: Record<StepName, () => ReactNode> = {
    // The service number's refusals are told at the number, where its attempts are counted (spec §4).
    serviceNumber: () => (
      <ServiceNumberStep
        serviceNumber={state.serviceNumber}
        onSubmit={async (serviceNumber) => {
          const outcome = await submit('serviceNumber', { change: { serviceNumber } });
          if (outcome.kind === 'failed') throw outcome.error;
        }}
        onTooManyFailures={(lastError) => openContactForm({ message: lastError }, t('serviceNumber.contactReason'))}
        onLogIn={() => void openLogin()}
        onInquire={openInquiry}
      />
    ),
    address: () => (
      <AddressStep
        provinces={provinces}
        address={state.address}
        checkCoverage={table.checksCoverage}
        submitting={busy}
        onChange={(address) => dispatch({ type: 'edited', change: { address, infrastructure: null } })}
        onInfrastructure={onInfrastructure}
        onContactUs={() => openContactForm({ message: t('address.otherDistrictMessage', { province: state.address.province?.text ?? '' }) })}
        onSubmit={() => submitAndTell('address')}
      />
    ),
    package: () => (
      <PackageStep
        tariffs={tariffs}
        lineSpeedMbps={lineSpeedMbps}
        connectionType={connectionType}
        setupFee={setupFee}
        settingsFailed={settingsFailed}
        productId={state.productId}
        setupPriceIndex={state.setupPriceIndex}
        askSetup={table.asksSetupFee}
        nextLabel={loggedIn ? t('package.nextUser') : t('package.nextAnonymous')}
        submitting={busy}
        codeBox={user && packageCodes ? { codes: packageCodes, nationalityNumber: user.data.nationality_number } : null}
        onChange={({ productId, setupPriceIndex }) => dispatch({ type: 'edited', change: { productId, setupPriceIndex } })}
        onSubmit={() => submitAndTell('package')}
      />
    ),
    identity: () => (
      <IdentityStep
        jobs={jobs}
        countries={countries}
        identity={state.identity}
        submitting={busy}
        serverErrors={state.fieldErrors}
        codes={codesOn('identity')}
        onChange={onIdentityChange}
        onSubmit={(identity) => submitAndTell('identity', { change: { identity } })}
      />
    ),
    commitment: () => (
      <CommitmentStep
        offer={offer}
        confirmed={commitmentConfirmed(state.commitment, offer)}
        submitting={busy}
        nextLabel={loggedIn ? t('package.nextUser') : t('commitment.next')}
        consents={loggedIn ? { choices: state.consents, onChange: (consents) => dispatch({ type: 'edited', change: { consents } }) } : undefined}
        onConfirm={(confirmed) => dispatch({ type: 'edited', change: { commitment: confirmed ? offer.commitment : null } })}
        onSubmit={() => submitAndTell('commitment')}
      />
    ),
    contact: () => (
      <ContactStep
        phone={state.phone}
        mail={state.mail}
        consents={state.consents}
        cart={cart}
        submitting={busy}
        onVerify={openVerification}
        onConsentsChange={(consents) => dispatch({ type: 'edited', change: { consents } })}
        onSubmit={() => submitAndTell('contact')}
      />
    ),
  };

  if (!restored) {
    return (
      <div className={`container ${styles.wizard}`} aria-busy="true">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }

  if (state.receipt) {
    return (
      <ApplicationReceived
        subscription={state.receipt.subscription}
        identityStatus={state.receipt.identityStatus}
        order={summary}
        onOpenProfile={openProfileFromReceived}
      />
    );
  }

  if (state.notice === 'filedElsewhere') {
    return <FiledElsewhere onFollow={loggedIn ? openProfileFromReceived : () => void openLogin()} onHome={close} />;
  }

  return (
    <div className={`container ${styles.wizard}`}>
      <WizardHeader title={table.title} steps={steps} current={current} askFirst={somethingTyped(state)} onClose={close} />
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
          {stepViews[step]()}
        </div>
        {summary}
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
