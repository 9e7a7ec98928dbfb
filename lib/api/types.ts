/**
 * Shapes of the /v1 answers (spec §3, docs/decisions/0010-where-the-spec-is-silent.md). The sandbox
 * produces them, the
 * backend-for-frontend passes them on and the screens read them.
 */

/** Every answer: HTTP 200 with `status: true`, or 4xx/5xx with `status: false` and a Turkish message. */
export interface Envelope<T = unknown> {
  status: boolean;
  message?: string;
  hash?: string;
  data?: T;
  details?: Record<string, unknown>;
}

export interface Option {
  value: number | string;
  text: string;
}

export interface FiberResult {
  central_status: string | number | null;
  port: string | number | null;
  status: string | number | null;
  gbps: boolean | number | null;
  down_speed: number | null;
}
export interface CopperResult {
  central_status: string | number | null;
  port: string | number | null;
  down_speed: number | null;
  max_down_speed: number | null;
  max_speed: number | null;
}
/** Infrastructure of one inner door (BBK code). */
export interface InfrastructureResult {
  fiber: FiberResult;
  vdsl: CopperResult;
  adsl: CopperResult;
}

export interface SetupPrice {
  name: string;
  payment_type: 'installment' | 'upfront';
  installment_count: number;
  price: number;
  total_price: number;
}

/** connection_type 1 = fibre, 2 = VDSL. */
export interface Product {
  product_id: number;
  name: string;
  speed: number;
  price: number;
  discount_price: number | null;
  connection_type: 1 | 2;
  setup_prices: SetupPrice[];
}

export interface Job {
  name: string;
  code: string;
}

export interface Country {
  code: string;
  name: string;
}

export interface Campaign {
  title: string;
  text: string;
  image: string;
  end_date: string;
}

export interface Settings {
  products: Product[];
  jobs: Job[];
  /** An upstream may leave them out: the nationality asks GET /app-settings/countries first (lib/domain/countries.ts). */
  countries?: Country[];
  data: { campaign: Campaign | null; version: string };
}

export interface DocumentLink {
  data: { url: string } | null;
}

/** Identity (confirm_nationality) status: 0 not sent, 1 under approval, 2 approved, 3 rejected. */
export interface ConfirmNationality {
  status: 0 | 1 | 2 | 3;
  front: DocumentLink;
  back: DocumentLink;
  message: string | null;
}

/** Company documents status: 0 not sent, 1 in approval, 2 approved, 3 rejected. */
export interface CompanyDocs {
  status: 0 | 1 | 2 | 3;
  message: string | null;
  tax_plate: DocumentLink;
  signature_circular: DocumentLink;
}

export interface Labelled {
  text: string;
}

export interface Subscription {
  subscription_id: number;
  status: number;
  service_number: string | null;
  info: { register_date: number };
  signed_contract: DocumentLink | null;
  contract: DocumentLink | null;
  data: {
    /** 1 = new subscription, else transfer. */
    reference_type: 1 | 2;
    bbk: string;
    address: {
      province: Labelled;
      district: Labelled;
      township: Labelled;
      village: Labelled;
      neighborhood: Labelled;
      street: Labelled;
      building: Labelled;
      floor: Labelled;
    };
    /** 1 = individual, 2 = corporate. */
    subscription_type: 1 | 2;
    product: { name: string; total_price: number; speed: number; up_speed: number; url: string };
    customer: {
      personal: { nationality_number: string; name: string; surname: string };
      company: {
        name: string;
        tax_central: string;
        tax_number: string;
        docs: CompanyDocs;
      } | null;
    };
    auth_params: { username: string; password: string } | null;
    current_company?: string | null;
    /** Codes applied when the subscription was applied for (sandbox and summary notices). */
    campaign_code?: string | null;
    reference_code?: string | null;
  };
}

export interface User {
  user_id: number;
  data: {
    name: string;
    surname: string;
    phone: string;
    mail: string;
    /** 1 = citizen of Turkey. */
    nationality_type: number;
    nationality_number: string;
    /** 1 = female, otherwise male. */
    gender: number;
    /** Unix time (seconds). */
    birthdate: number;
    mother_name: string;
    father_name: string;
    confirm_nationality: ConfirmNationality;
  };
  /** Newest first by info.register_date. */
  subscriptions: Subscription[];
}

/** What auth, register-step-4 and transfer-register-step-5 answer upstream (the token never leaves the server). */
export interface TokenAnswer {
  token: string;
  user: User;
}

/** transfer-register-step-1 answers `hash` and the provider the line is with now. */
export interface TransferLookup {
  company: string;
}

/** What a subscription list shows (the inquiry popup): no address, documents or modem credentials. */
export interface SubscriptionSummary {
  subscription_id: number;
  status: number;
  service_number: string | null;
  info: { register_date: number };
  data: { reference_type: 1 | 2; product: { name: string } };
}

/**
 * The signed-in customer as every page carries it (the first HTML, GET /api/session, the login
 * answers): what the header, the login, the inquiry list and the wizard show. The profile asks for
 * the rest (GET /api/session/profile) and the modem credentials (GET /api/session/modem) when shown.
 */
export interface SessionUser {
  user_id: number;
  data: {
    name: string;
    surname: string;
    nationality_number: string;
    confirm_nationality: { status: ConfirmNationality['status'] };
  };
  subscriptions: SubscriptionSummary[];
}
