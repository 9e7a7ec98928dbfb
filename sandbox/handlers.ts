import type { ApiCallName } from '@/lib/api/calls';
import type { Settings, TokenAnswer, TransferLookup } from '@/lib/api/types';
import { APP_VERSION } from '@/lib/server/app-version';
import { isValidNationalityNumber } from '@/lib/validation/patterns';
import { ValidationError } from '@/sandbox/validator';
import { addressOptions, infrastructureAnswerFor, infrastructureTypeOf, parseId, resolveBbk, type ResolvedAddress } from '@/sandbox/address';
import {
  campaignCodes,
  countries,
  currentProviderOf,
  DEFAULT_CAMPAIGN_END_DATE,
  jobs,
  productById,
  products,
  publicProduct,
  referenceCodes,
  serviceNumberConnectionType,
  welcomeCampaign,
  type CatalogProduct,
} from '@/sandbox/catalog';
import { checkCode, sendCode } from '@/sandbox/codes';
import { seconds, type Context } from '@/sandbox/context';
import { SandboxError, texts } from '@/sandbox/errors';
import { SETTING_CAMPAIGN_END_DATE, SETTING_SETTINGS_COUNTRIES } from '@/sandbox/fixtures';
import { advanceForm, finishForm, loadForm, startForm, type Form } from '@/sandbox/forms';
import { parseBirthDate, type Bodies, type IdentityBody, type ReceivedAddressBody } from '@/sandbox/schemas';
import type { CustomerRow, FormData, FormRow } from '@/sandbox/store';

/** A file of a multipart upload, already checked to be a PDF, JPEG or PNG. */
export interface UploadedFile {
  content: Buffer;
  extension: 'pdf' | 'png' | 'jpg';
}

export interface Upload {
  files: Record<string, UploadedFile>;
  fields: Record<string, string>;
}

export interface CallInput<K extends ApiCallName> {
  body: Bodies[K];
  /** The customer of the Bearer token (always set for calls with `auth`). */
  customer: CustomerRow | undefined;
  upload: Upload | undefined;
}

/** What a successful call answers inside the envelope. */
export interface CallAnswer {
  message?: string;
  hash?: string;
  data?: unknown;
}

export type Handler<K extends ApiCallName> = (ctx: Context, input: CallInput<K>) => CallAnswer;

const APPLICATION_RECEIVED = 'Başvurunuz alınmıştır.';

function requireCustomer(input: { customer: CustomerRow | undefined }): CustomerRow {
  if (!input.customer) throw new SandboxError(401, texts.badUserToken);
  return input.customer;
}

// ---------------------------------------------------------------------------------------------
// address and product rules

/** The address the nine fields name; every level must belong to the BBK code's chain. */
function resolveAddressBody(body: ReceivedAddressBody): ResolvedAddress {
  const address = resolveBbk(body.address_bbk);
  if (!address) throw new SandboxError(404, texts.addressNotFound, { field: 'address_bbk' });
  const levels = ['province', 'district', 'township', 'village', 'neighborhood', 'street', 'building'] as const;
  for (const level of levels) {
    if (parseId(body[`address_${level}`]) !== Number(address.ids[level])) {
      throw new SandboxError(400, texts.addressNotFound, { field: `address_${level}` });
    }
  }
  // The inner door is named by its BBK code (the cascade's value) or by its number.
  if (body.address_floor !== address.bbk && parseId(body.address_floor) !== address.door) {
    throw new SandboxError(400, texts.addressNotFound, { field: 'address_floor' });
  }
  return address;
}

function addressData(address: ResolvedAddress): NonNullable<FormData['address']> {
  return { bbk: address.bbk, texts: address.texts, connection_type: infrastructureTypeOf(infrastructureAnswerFor(address.bbk)) };
}

/**
 * The tariff chosen for a line of `connectionType`: fibre lines take fibre tariffs only and VDSL
 * lines VDSL tariffs only. `setupOption` (when given) indexes the tariff's setup prices.
 */
function chooseProduct(productId: number, connectionType: number | null | undefined, setupOption?: number): CatalogProduct {
  const product = productById(productId);
  if (!product) throw new SandboxError(404, texts.productNotFound, { field: 'product_id' });
  if (product.connection_type !== connectionType) throw new SandboxError(409, texts.productMismatch, { field: 'product_id' });
  if (setupOption !== undefined && setupOption >= product.setup_prices.length) {
    throw new SandboxError(400, texts.setupPrice, { field: 'pre_price_paid_type' });
  }
  return product;
}

// ---------------------------------------------------------------------------------------------
// identity and finishing

function registeredUser(): SandboxError {
  return new SandboxError(409, texts.registeredUser, { registered_user: true });
}

function identityStep(ctx: Context, body: IdentityBody, kind: FormRow['kind'], step: number): CallAnswer {
  const form = loadForm(ctx, body.form_security_hash, kind, step - 1);
  const nationality = body.nationality ?? 'TR';
  if (!countries.some((country) => country.code === nationality)) {
    throw new ValidationError('014', 'nationality', { items: countries.map((c) => c.code).join(', ') }, 'Uyruk');
  }
  if (!isValidNationalityNumber(body.nationality_number)) {
    throw new SandboxError(400, texts.nationalityNumber, { field: 'nationality_number' });
  }
  const birthdate = parseBirthDate(body.birthdate, ctx.now());
  if (birthdate === undefined) throw new ValidationError('016', 'birthdate', {}, 'Doğum tarihi');
  if (ctx.store.customerByNationalityNumber(body.nationality_number)) throw registeredUser();
  const hash = advanceForm(ctx, form, {
    step,
    data: {
      identity: {
        nationality,
        nationality_number: body.nationality_number,
        nationality_serial_no: body.nationality_serial_no.trim().toUpperCase(),
        name: body.name.trim(),
        surname: body.surname.trim(),
        gender: body.gender,
        job: body.job,
        birthdate,
        mother_name: body.mother_name.trim(),
        father_name: body.father_name.trim(),
        security_word: body.security_word,
      },
    },
  });
  return { hash };
}

interface NewSubscription {
  customerId: number;
  form: Form;
  product: CatalogProduct;
  prePricePaidType: number | null;
}

function createSubscription(ctx: Context, { customerId, form, product, prePricePaidType }: NewSubscription): number {
  const address = form.parsed.address;
  if (!address) throw new SandboxError(409, texts.stepOrder, { reason: 'step_order' });
  const transfer = form.kind === 'transfer';
  const id = ctx.store.insertSubscription({
    customer_id: customerId,
    status: 1,
    reference_type: transfer ? 2 : 1,
    subscription_type: 1,
    service_number: transfer ? (form.parsed.service_number ?? null) : null,
    current_company: transfer ? (form.parsed.current_company ?? null) : null,
    bbk: address.bbk,
    address: JSON.stringify(address.texts),
    product_id: product.product_id,
    pre_price_paid_type: prePricePaidType,
    campaign_code: form.campaign_code,
    reference_code: form.reference_code,
    register_date: seconds(ctx.now()),
  });
  // Our own lines get a service number of ours at once (a transferred line keeps its number).
  if (!transfer) ctx.store.db.prepare('UPDATE subscriptions SET service_number = ? WHERE id = ?').run(`30${String(id).padStart(8, '0')}`, id);
  return id;
}

/** register-step-4 / transfer-register-step-5: creates the customer, the subscription and a token. */
function finishStep(ctx: Context, hash: string, kind: FormRow['kind'], minStep: number): CallAnswer {
  const form = loadForm(ctx, hash, kind, minStep);
  const identity = form.parsed.identity;
  if (!identity) throw new SandboxError(409, texts.stepOrder, { reason: 'step_order' });
  if (!form.phone || !form.mail) throw new SandboxError(409, texts.verifyBoth, { reason: 'not_verified' });
  if (ctx.store.customerByNationalityNumber(identity.nationality_number)) throw registeredUser();
  const productId = form.parsed.product_id;
  const product = productId === undefined ? undefined : productById(productId);
  if (!product) throw new SandboxError(409, texts.stepOrder, { reason: 'step_order' });

  const { phone, mail } = form;
  const token = ctx.store.db.transaction(() => {
    const customerId = ctx.store.insertCustomer({
      ...identity,
      phone,
      mail,
      created_at: ctx.now(),
    });
    createSubscription(ctx, { customerId, form, product, prePricePaidType: form.parsed.pre_price_paid_type ?? null });
    finishForm(ctx, form);
    return { customerId, token: ctx.store.createToken(customerId, ctx.now()) };
  })();
  const customer = ctx.store.customerById(token.customerId)!;
  const data: TokenAnswer = { token: token.token, user: ctx.store.user(customer, ctx.origin) };
  return { message: APPLICATION_RECEIVED, data };
}

/** auth-register-step-2 / auth-transfer-register-step-3: a subscription for the logged-in customer. */
function authFinish(ctx: Context, customer: CustomerRow, form: Form, product: CatalogProduct, prePricePaidType: number | null): CallAnswer {
  const id = ctx.store.db.transaction(() => {
    const subscriptionId = createSubscription(ctx, { customerId: customer.id, form, product, prePricePaidType });
    finishForm(ctx, form);
    return subscriptionId;
  })();
  return { message: APPLICATION_RECEIVED, data: ctx.store.subscription(ctx.store.subscriptionById(id)!, customer, ctx.origin) };
}

// ---------------------------------------------------------------------------------------------
// the calls

function settings(ctx: Context): Settings {
  const endDate = ctx.store.getSetting(SETTING_CAMPAIGN_END_DATE) ?? DEFAULT_CAMPAIGN_END_DATE;
  // An upstream whose settings carry no countries (the `/__sandbox/settings/countries` hook): the
  // site asks GET /app-settings/countries for them.
  const withCountries = ctx.store.getSetting(SETTING_SETTINGS_COUNTRIES) !== 'omitted';
  return {
    products: products.map(publicProduct),
    jobs: jobs.map((job) => ({ ...job })),
    ...(withCountries && { countries: countries.map((country) => ({ ...country })) }),
    data: { campaign: welcomeCampaign(endDate, ctx.now()), version: APP_VERSION },
  };
}

export const handlers: { [K in ApiCallName]: Handler<K> } = {
  infrastructure(_ctx, { body }) {
    if (body.type === 'apartment') {
      const address = resolveBbk(body.parent_id);
      if (!address) throw new SandboxError(404, texts.addressData);
      return { data: infrastructureAnswerFor(address.bbk) };
    }
    const options = addressOptions(body.type, body.parent_id);
    if (!options) throw new SandboxError(404, texts.addressData);
    return { data: options };
  },

  getSettings: (ctx) => ({ data: settings(ctx) }),

  countries: () => ({ data: countries.map((country) => ({ ...country })) }),

  // -- new application ---------------------------------------------------------------------------

  registerStep1(ctx, { body }) {
    const address = resolveAddressBody(body);
    const data = addressData(address);
    if (data.connection_type !== 1 && data.connection_type !== 2) throw new SandboxError(409, texts.noInfrastructure, { reason: 'no_infrastructure' });
    return { hash: startForm(ctx, 'new', { address: data }) };
  },

  registerStep2(ctx, { body }) {
    const form = loadForm(ctx, body.form_security_hash, 'new', 1);
    chooseProduct(body.product_id, form.parsed.address?.connection_type, body.pre_price_paid_type);
    const hash = advanceForm(ctx, form, { step: 2, data: { product_id: body.product_id, pre_price_paid_type: body.pre_price_paid_type } });
    return { hash };
  },

  registerStep3: (ctx, { body }) => identityStep(ctx, body, 'new', 3),

  registerStep4: (ctx, { body }) => finishStep(ctx, body.form_security_hash, 'new', 3),

  authRegisterStep2(ctx, input) {
    const customer = requireCustomer(input);
    const { body } = input;
    const form = loadForm(ctx, body.form_security_hash, 'new', 1);
    const product = chooseProduct(body.product_id, form.parsed.address?.connection_type, body.pre_price_paid_type);
    return authFinish(ctx, customer, form, product, body.pre_price_paid_type);
  },

  // -- transfer ------------------------------------------------------------------------------------

  transferRegisterStep1(ctx, { body }) {
    const serviceNumber = body.service_number;
    const connectionType = serviceNumberConnectionType(serviceNumber);
    if (connectionType === null) throw new SandboxError(404, texts.serviceNumberNotFound, { field: 'service_number' });
    if (ctx.store.activeServiceNumber(serviceNumber)) {
      throw new SandboxError(409, 'Bu hizmet numarası için devam eden bir başvuru veya abonelik bulunmaktadır.', { field: 'service_number' });
    }
    const company = currentProviderOf(serviceNumber);
    const hash = startForm(ctx, 'transfer', { service_number: serviceNumber, current_company: company, connection_type: connectionType });
    const data: TransferLookup = { company };
    return { hash, data };
  },

  transferRegisterStep2(ctx, { body }) {
    const form = loadForm(ctx, body.form_security_hash, 'transfer', 1);
    // The line exists already, so the address needs no coverage check (spec §2: no coverage notice).
    const hash = advanceForm(ctx, form, { step: 2, data: { address: addressData(resolveAddressBody(body)) } });
    return { hash };
  },

  transferRegisterStep3(ctx, { body }) {
    const form = loadForm(ctx, body.form_security_hash, 'transfer', 2);
    chooseProduct(body.product_id, form.parsed.connection_type);
    return { hash: advanceForm(ctx, form, { step: 3, data: { product_id: body.product_id } }) };
  },

  transferRegisterStep4: (ctx, { body }) => identityStep(ctx, body, 'transfer', 4),

  transferRegisterStep5: (ctx, { body }) => finishStep(ctx, body.form_security_hash, 'transfer', 4),

  authTransferRegisterStep3(ctx, input) {
    const customer = requireCustomer(input);
    const { body } = input;
    const form = loadForm(ctx, body.form_security_hash, 'transfer', 2);
    const product = chooseProduct(body.product_id, form.parsed.connection_type);
    return authFinish(ctx, customer, form, product, null);
  },

  // -- phone and mail verification -----------------------------------------------------------------

  approvePhoneRequest(ctx, { body }) {
    const form = loadForm(ctx, body.form_security_hash, undefined, 1);
    const hash = sendCode(ctx, { purpose: 'phone', target: body.phone, formId: form.id });
    return { hash, message: 'Onay kodu telefonunuza SMS olarak gönderildi.' };
  },

  approvePhone(ctx, { body }) {
    const form = loadForm(ctx, body.form_security_hash, undefined, 1);
    checkCode(ctx, { hash: body.sms_hash, purpose: 'phone', code: body.sms_code, formId: form.id, target: body.phone });
    return { hash: advanceForm(ctx, form, { phone: body.phone }), message: 'Telefon numaranız onaylandı.' };
  },

  approveMailRequest(ctx, { body }) {
    const form = loadForm(ctx, body.form_security_hash, undefined, 1);
    const hash = sendCode(ctx, { purpose: 'mail', target: body.mail.toLowerCase(), formId: form.id });
    return { hash, message: 'Onay kodu e-posta adresinize gönderildi.' };
  },

  approveMail(ctx, { body }) {
    const form = loadForm(ctx, body.form_security_hash, undefined, 1);
    const mail = body.mail.toLowerCase();
    checkCode(ctx, { hash: body.mail_hash, purpose: 'mail', code: body.mail_code, formId: form.id, target: mail });
    return { hash: advanceForm(ctx, form, { mail }), message: 'E-posta adresiniz onaylandı.' };
  },

  // -- codes ------------------------------------------------------------------------------------

  applyCampaignCode(ctx, { body }) {
    const form = loadForm(ctx, body.form_security_hash, undefined, 1);
    const discount = campaignCodes[body.campaign_code.trim().toUpperCase()];
    if (!discount) throw new SandboxError(404, 'Kampanya kodu bulunamadı.', { field: 'campaign_code' });
    if (!isValidNationalityNumber(body.nationality_number)) {
      throw new SandboxError(400, 'Vatandaşlık numaranızı eksiksiz ve doğru bir şekilde yazmanız gerekmektedir.', { field: 'nationality_number' });
    }
    if (form.reference_code) {
      throw new SandboxError(409, 'Referans kodu uygulanan başvurularda kampanya kodu kullanılamaz.', { reason: 'codes_not_combinable' });
    }
    if (form.campaign_code) {
      throw new SandboxError(409, 'Kampanya kodları birbiriyle birleştirilemez; bu başvuruya zaten bir kampanya kodu uygulandı.', {
        reason: 'codes_not_combinable',
      });
    }
    const hash = advanceForm(ctx, form, { campaign_code: discount.code });
    return { hash, message: 'Kod Uygulandı', data: { ...discount, type: 'campaign' } };
  },

  applyReferenceCode(ctx, { body }) {
    const form = loadForm(ctx, body.form_security_hash, undefined, 1);
    const discount = referenceCodes[body.reference_code.trim().toUpperCase()];
    if (!discount) throw new SandboxError(404, 'Referans kodu bulunamadı.', { field: 'reference_code' });
    if (form.campaign_code) {
      throw new SandboxError(409, 'Referans kodu diğer kampanyalarla birleştirilemez; bu başvuruya bir kampanya kodu uygulandı.', {
        reason: 'codes_not_combinable',
      });
    }
    if (form.reference_code) {
      throw new SandboxError(409, 'Bu başvuruya zaten bir referans kodu uygulandı.', { reason: 'codes_not_combinable' });
    }
    const hash = advanceForm(ctx, form, { reference_code: discount.code });
    return { hash, message: 'Referans Kodu Uygulandı', data: { ...discount, type: 'reference' } };
  },

  // -- login --------------------------------------------------------------------------------------

  authStart(ctx, { body }) {
    const customer = ctx.store.customerByNationalityNumber(body.nationality_number);
    if (!customer) throw new SandboxError(404, 'Bu TC kimlik numarasına ait bir kayıt bulunamadı.', { field: 'nationality_number' });
    const hash = sendCode(ctx, { purpose: 'login', target: customer.phone, customerId: customer.id });
    return { hash, message: 'Giriş kodu telefonunuza SMS olarak gönderildi.' };
  },

  auth(ctx, { body }) {
    const code = checkCode(ctx, { hash: body.form_security_hash, purpose: 'login', code: body.sms_code });
    const customer = code.customer_id === null ? undefined : ctx.store.customerById(code.customer_id);
    if (!customer) throw new SandboxError(400, texts.codeUnknown, { reason: 'code_unknown' });
    const data: TokenAnswer = { token: ctx.store.createToken(customer.id, ctx.now()), user: ctx.store.user(customer, ctx.origin) };
    return { data };
  },

  tokenAuth(ctx, { body }) {
    const customer = ctx.store.customerByToken(body.token, ctx.now());
    if (!customer) throw new SandboxError(401, texts.badUserToken);
    return { data: ctx.store.user(customer, ctx.origin) };
  },

  // -- uploads ------------------------------------------------------------------------------------

  uploadNationalityDocs(ctx, input) {
    const customer = requireCustomer(input);
    const files = input.upload?.files ?? {};
    const front = files['front-nationality-license'];
    const back = files['back-nationality-license'];
    if (!front || !back) throw new SandboxError(400, 'Lütfen kimliğinizin ön ve arka yüzünü birlikte yükleyin.');
    if (customer.identity_status !== 0 && customer.identity_status !== 3) {
      throw new SandboxError(409, 'Kimlik belgeleriniz onay sürecinde veya onaylanmış; yeniden yüklenemez.', { reason: 'upload_not_allowed' });
    }
    const frontName = ctx.store.saveFile(front.content, front.extension);
    const backName = ctx.store.saveFile(back.content, back.extension);
    ctx.store.db
      .prepare('UPDATE customers SET identity_status = 1, identity_message = NULL, identity_front = ?, identity_back = ? WHERE id = ?')
      .run(frontName, backName, customer.id);
    const updated = ctx.store.customerById(customer.id)!;
    return { message: 'Dosyalar Yüklendi', data: ctx.store.confirmNationality(updated, ctx.origin) };
  },

  uploadSubscriptionDocs(ctx, input) {
    const customer = requireCustomer(input);
    const files = input.upload?.files ?? {};
    const taxPlate = files['tax-plate'];
    const signature = files['signature-circular'];
    if (!taxPlate || !signature) throw new SandboxError(400, 'Lütfen vergi levhası ve imza sirküleri belgelerini birlikte yükleyin.');
    const subscription = ctx.store.subscriptionById(Number(input.upload?.fields.subscription_id));
    if (!subscription || subscription.customer_id !== customer.id) {
      throw new SandboxError(404, texts.subscriptionNotFound, { field: 'subscription_id' });
    }
    if (subscription.subscription_type !== 2) {
      throw new SandboxError(409, 'Şirket belgeleri yalnızca kurumsal abonelikler için yüklenebilir.', { reason: 'not_corporate' });
    }
    if (subscription.docs_status !== 0 && subscription.docs_status !== 3) {
      throw new SandboxError(409, 'Şirket belgeleriniz onay sürecinde veya onaylanmış; yeniden yüklenemez.', { reason: 'upload_not_allowed' });
    }
    const taxPlateName = ctx.store.saveFile(taxPlate.content, taxPlate.extension);
    const signatureName = ctx.store.saveFile(signature.content, signature.extension);
    ctx.store.db
      .prepare('UPDATE subscriptions SET docs_status = 1, docs_message = NULL, tax_plate = ?, signature_circular = ? WHERE id = ?')
      .run(taxPlateName, signatureName, subscription.id);
    return { message: 'Dosyalar Yüklendi', data: ctx.store.companyDocs(ctx.store.subscriptionById(subscription.id)!, ctx.origin) };
  },

  // -- contact ------------------------------------------------------------------------------------

  contactForm(ctx, { body }) {
    ctx.store.db
      .prepare('INSERT INTO contact_requests (fullname, phone, message, created_at) VALUES (?, ?, ?, ?)')
      .run(body.fullname.trim(), body.phone, (body.message ?? '').trim(), ctx.now());
    return { message: 'Talebiniz alınmıştır. En kısa sürede sizinle iletişime geçeceğiz.' };
  },
};
