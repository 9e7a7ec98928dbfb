'use client';

import { NextIntlClientProvider, useLocale, useMessages, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useInquiryPopup } from '@/components/account/inquiry-popup';
import { useAcceptedConsents } from '@/components/consents/consent-checks';
import { useLoginPopup } from '@/components/account/login-popup';
import { useRegisteredUserPopup } from '@/components/account/registered-user-popup';
import { AddressStep } from '@/components/application/address-step';
import { ApplicationReceived } from '@/components/application/application-received';
import { CodeBox, type CodeKind } from '@/components/application/code-box';
import { ContactStep } from '@/components/application/contact-step';
import { IdentityStep, type IdentityValues } from '@/components/application/identity-step';
import { PackageStep } from '@/components/application/package-step';
import { ServiceNumberStep } from '@/components/application/service-number-step';
import { ApplicationSummary } from '@/components/application/summary';
import { useDraft, useStoredFields } from '@/components/application/use-draft';
import { VerificationForm, type VerificationKind } from '@/components/application/verification-form';
import styles from '@/components/application/wizard.module.css';
import { useContactForm } from '@/components/popups/contact-popup';
import { useErrorDialog } from '@/components/popups/dialogs';
import { useNoCodePopup } from '@/components/popups/no-code-popup';
import { usePopups } from '@/components/popups/popup-provider';
import { useProfilePopup } from '@/components/profile/profile-popup';
import { useCurrentUser } from '@/components/session/session-provider';
import { Button } from '@/components/ui/button';
import { Stepper } from '@/components/ui/stepper';
import { ApiError, callApi } from '@/lib/api/client';
import type { Campaign, Country, InfrastructureResult, Job, Option, Product, SessionUser, SubscriptionSummary, User } from '@/lib/api/types';
import { addressBody, connectionTypeOf, type Flow, productsForConnection } from '@/lib/application/draft';
import { isCampaignActive } from '@/lib/campaign';
import { pushTrackingEvent } from '@/lib/domain/datalayer';
import { infrastructureOf } from '@/lib/domain/infrastructure';
import { cartOf } from '@/lib/domain/pricing';
import { connectionTypeForServiceNumber } from '@/lib/domain/service-number';
import { chosenTariff, tariffOptions } from '@/lib/domain/tariffs';
import { useRouter } from '@/lib/i18n/navigation';
import type { IdentityForm } from '@/lib/validation/application';

type StepName = 'serviceNumber' | 'address' | 'package' | 'identity' | 'contact';

/** What the two flows differ in (spec §2, §4); everything else is shared. */
const flows = {
  new: {
    param: 'yeni',
    title: 'newTitle',
    steps: (loggedIn: boolean): StepName[] => (loggedIn ? ['address', 'package'] : ['address', 'package', 'identity', 'contact']),
  },
  transfer: {
    param: 'transfer',
    title: 'transferTitle',
    steps: (loggedIn: boolean): StepName[] =>
      loggedIn ? ['serviceNumber', 'address', 'package'] : ['serviceNumber', 'address', 'package', 'identity', 'contact'],
  },
} as const;

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
 * (service number → address → package → identity → contact). Logged-in customers stop after the
 * package and submit through the authenticated call. The step is in the URL
 * (`?basvuru=yeni&adim=2`), so the browser's back button moves a step back.
 */
export default function ApplicationWizard({ flow, provinces, products, jobs, countries, campaign, settingsFailed }: WizardData) {
  const t = useTranslations('application');
  const locale = useLocale();
  const messages = useMessages();
  const router = useRouter();
  const searchParams = useSearchParams();
  const { user, setUser, refresh } = useCurrentUser();
  const { draft, update, clear, restored } = useDraft(flow);
  const identityFields = useStoredFields<IdentityForm>(`basvuru:${flow}:identity`);
  const popups = usePopups();
  const askNoCode = useNoCodePopup();
  const showRegisteredUser = useRegisteredUserPopup();
  const showError = useErrorDialog();
  const openContactForm = useContactForm();
  const acceptedConsents = useAcceptedConsents();
  const openLogin = useLoginPopup();
  const openInquiry = useInquiryPopup();
  const openProfile = useProfilePopup();
  const [busy, setBusy] = useState(false);
  /** Set once the application is filed: the finish line replaces the steps. */
  const [received, setReceived] = useState<{ subscription: SubscriptionSummary | null; identityStatus: number; order: ReactNode } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onInfrastructure = useCallback((infrastructure: InfrastructureResult | null) => update({ infrastructure }), [update]);

  const config = flows[flow];
  const steps = config.steps(user !== null);
  const requested = Number(searchParams.get('adim') ?? '1') - 1;
  const current = Math.max(0, Math.min(Number.isFinite(requested) ? requested : 0, draft.reached, steps.length - 1));
  const step = steps[current]!;
  const indexOf = (name: StepName) => steps.indexOf(name);

  // Moving between steps puts focus on the step, so screen readers hear where they are.
  useEffect(() => {
    if (restored) headingRef.current?.focus();
  }, [current, restored]);

  const goTo = (index: number) => window.history.pushState(null, '', `?basvuru=${config.param}&adim=${index + 1}`);

  const advance = (hash: string | undefined, next: number) => {
    update({ formHash: hash ?? draft.formHash, reached: Math.max(draft.reached, next) });
    goTo(next);
  };

  const leave = () => {
    clear();
    identityFields.forget();
  };

  /** Runs one call; a failure keeps everything typed and shows the spec's message. */
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFieldErrors({});
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.isRegisteredUser) {
        const loggedIn = await showRegisteredUser({
          nationalityNumber: identityFields.read().nationality_number ?? '',
          message: error.serverMessage,
        });
        // Logged in through the popup: the package step now completes the application.
        if (loggedIn) goTo(indexOf('package'));
      } else {
        if (error instanceof ApiError) setFieldErrors(error.fieldErrors);
        await showError(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const complete = async (loggedInUser: User | null) => {
    // The order as bought, kept for the finish line before the draft is cleared.
    const order = <ApplicationSummary draft={draft} product={chosen} cart={cart} />;
    pushTrackingEvent(window as unknown as { dataLayer?: unknown[] }, flow);
    leave();
    let customer: SessionUser | null = loggedInUser;
    if (loggedInUser) await setUser(loggedInUser);
    else customer = await refresh();
    setReceived({
      // The newest subscription is the one just filed (the list is newest first, spec §3).
      subscription: customer?.subscriptions[0] ?? null,
      identityStatus: customer?.data.confirm_nationality.status ?? 0,
      order,
    });
  };

  /** From the finish line, the wizard closes and the profile opens (spec §4). */
  const openProfileFromReceived = () => {
    router.replace('/');
    openProfile();
  };

  /** Spec §4: moving on without a code asks first; 'Kod Ekle' stays on the step. */
  const confirmWithoutCode = async () => Boolean(draft.campaignCode || draft.referenceCode) || (await askNoCode()) === 'continue';

  const codeBox = (nationalityNumber: string | undefined, onNationalityNumberProblem?: (messageKey: string) => void) =>
    draft.formHash ? (
      <CodeBox
        formHash={draft.formHash}
        nationalityNumber={nationalityNumber}
        onNationalityNumberProblem={onNationalityNumberProblem}
        applied={{ campaign: draft.campaignCode, reference: draft.referenceCode }}
        onApplied={(kind: CodeKind, code, hash) =>
          update(kind === 'campaign' ? { campaignCode: code, formHash: hash } : { referenceCode: code, formHash: hash })
        }
      />
    ) : null;

  const connectionType =
    flow === 'new' ? connectionTypeOf(draft.infrastructure) : connectionTypeForServiceNumber(draft.serviceNumber ?? '');
  // Only what the line carries can be chosen: its measured speed (none for a transfer's door without
  // infrastructure) limits the tariffs, and a choice the line no longer carries counts as none.
  const lineSpeedMbps = draft.infrastructure ? infrastructureOf(draft.infrastructure).speedMbps : null;
  const tariffs = tariffOptions(productsForConnection(products, connectionType), lineSpeedMbps);
  const chosen = chosenTariff(tariffs, draft.productId);
  const cart = chosen
    ? cartOf({
        product: chosen,
        setup: draft.setupPriceIndex === null ? null : (chosen.setup_prices[draft.setupPriceIndex] ?? null),
        welcomeActive: campaign !== null && isCampaignActive(campaign, new Date()),
        campaignCode: draft.campaignCode,
        referenceCode: draft.referenceCode,
      })
    : null;

  const openVerification = (kind: VerificationKind) => {
    const formHash = draft.formHash;
    if (!formHash) return;
    const id = `verify-${kind}`;
    popups.open({
      id,
      title: kind === 'phone' ? t('contact.phonePopup') : t('contact.mailPopup'),
      // Popups render in the layout, outside this page's messages: bring them along.
      render: () => (
        <NextIntlClientProvider locale={locale} messages={messages}>
          <VerificationForm
            kind={kind}
            formHash={formHash}
            initialValue={(kind === 'phone' ? draft.phone : draft.mail) ?? ''}
            onVerified={(value, hash) => {
              update(kind === 'phone' ? { phone: value, formHash: hash } : { mail: value, formHash: hash });
              popups.close(id);
            }}
          />
        </NextIntlClientProvider>
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

  const hash = draft.formHash ?? '';
  return (
    <div className={`container ${styles.wizard}`}>
      <div className={styles.header}>
        <h1>{t(config.title)}</h1>
        <div className={styles.headerActions}>
          {current > 0 ? (
            <Button variant="ghost" size="small" onClick={() => window.history.back()}>
              {t('back')}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              leave();
              router.replace('/');
            }}
          >
            {t('close')}
          </Button>
        </div>
      </div>
      <Stepper steps={steps.map((name) => t(`steps.${name}`))} current={current} label={t('stepsLabel')} />
      <div className={styles.layout}>
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="visually-hidden">
            {t(`steps.${step}`)}
          </h2>

          {step === 'serviceNumber' ? (
            <ServiceNumberStep
              serviceNumber={draft.serviceNumber}
              onLookup={(serviceNumber, currentCompany, formHash) => {
                // A new number starts a new form: whatever hung on the old one is gone.
                update({ serviceNumber, currentCompany, productId: null, campaignCode: null, referenceCode: null, phone: null, mail: null });
                advance(formHash, indexOf('address'));
              }}
              onTooManyFailures={(lastError) => openContactForm({ message: lastError }, t('serviceNumber.contactReason'))}
              onLogIn={() => void openLogin()}
              onInquire={openInquiry}
            />
          ) : null}

          {step === 'address' ? (
            <AddressStep
              provinces={provinces}
              address={draft.address}
              checkCoverage={flow === 'new'}
              submitting={busy}
              onChange={(address) => update({ address, infrastructure: null })}
              onInfrastructure={onInfrastructure}
              onContactUs={() => openContactForm({ message: t('address.otherDistrictMessage', { province: draft.address.province?.text ?? '' }) })}
              onSubmit={() =>
                run(async () => {
                  const body = addressBody(draft.address)!;
                  if (flow === 'new') {
                    const answer = await callApi('registerStep1', body);
                    // A new address starts a new form: codes and verifications of the old one are gone.
                    update({ campaignCode: null, referenceCode: null, phone: null, mail: null });
                    advance(answer.hash, indexOf('package'));
                  } else {
                    const answer = await callApi('transferRegisterStep2', { ...body, form_security_hash: hash });
                    advance(answer.hash, indexOf('package'));
                  }
                })
              }
            />
          ) : null}

          {step === 'package' ? (
            <PackageStep
              tariffs={tariffs}
              lineSpeedMbps={lineSpeedMbps}
              settingsFailed={settingsFailed}
              productId={draft.productId}
              setupPriceIndex={draft.setupPriceIndex}
              askSetup={flow === 'new'}
              nextLabel={user ? t('package.nextUser') : t('package.nextAnonymous')}
              submitting={busy}
              codeBox={user ? codeBox(user.data.nationality_number) : null}
              consents={user ? { choices: draft.consents, onChange: (consents) => update({ consents }) } : undefined}
              onChange={({ productId, setupPriceIndex }) => update({ productId, setupPriceIndex })}
              onSubmit={() =>
                run(async () => {
                  // The package step submits only with a tariff the line carries.
                  const product_id = chosen!.product_id;
                  const pre_price_paid_type = draft.setupPriceIndex ?? 0;
                  if (user) {
                    if (!(await confirmWithoutCode())) return;
                    if (flow === 'new') {
                      await callApi('authRegisterStep2', { form_security_hash: hash, product_id, pre_price_paid_type, subscription_type: 1, consents: acceptedConsents(draft.consents) });
                    } else {
                      await callApi('authTransferRegisterStep3', { form_security_hash: hash, product_id, subscription_type: 1, consents: acceptedConsents(draft.consents) });
                    }
                    await complete(null);
                  } else {
                    const answer =
                      flow === 'new'
                        ? await callApi('registerStep2', { form_security_hash: hash, product_id, pre_price_paid_type })
                        : await callApi('transferRegisterStep3', { form_security_hash: hash, product_id });
                    advance(answer.hash, indexOf('identity'));
                  }
                })
              }
            />
          ) : null}

          {step === 'identity' ? (
            <IdentityStep
              jobs={jobs}
              countries={countries}
              initial={identityFields.read()}
              submitting={busy}
              serverErrors={fieldErrors}
              codeBox={codeBox}
              onDraftChange={identityFields.write}
              onSubmit={(values: IdentityValues) =>
                run(async () => {
                  if (!(await confirmWithoutCode())) return;
                  const body = { ...values, form_security_hash: hash, subscription_type: 1 as const };
                  const answer = await callApi(flow === 'new' ? 'registerStep3' : 'transferRegisterStep4', body);
                  advance(answer.hash, indexOf('contact'));
                })
              }
            />
          ) : null}

          {step === 'contact' ? (
            <ContactStep
              phone={draft.phone}
              mail={draft.mail}
              consents={draft.consents}
              submitting={busy}
              onVerify={openVerification}
              onConsentsChange={(consents) => update({ consents })}
              onSubmit={() =>
                run(async () => {
                  const answer = await callApi<User>(flow === 'new' ? 'registerStep4' : 'transferRegisterStep5', {
                    form_security_hash: hash,
                    consents: acceptedConsents(draft.consents),
                  });
                  await complete(answer.data ?? null);
                })
              }
            />
          ) : null}
        </div>
        <ApplicationSummary draft={draft} product={chosen} cart={cart} />
      </div>
    </div>
  );
}
