import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CompanyDocs, ConfirmNationality, DocumentLink, Subscription, User } from '@/lib/api/types';
import type { ResolvedAddress } from '@/sandbox/address';
import { monthlyFee, productById } from '@/sandbox/catalog';

/**
 * The sandbox's persistent state: one better-sqlite3 file (WAL) plus uploaded files on disk.
 * Times are milliseconds of the sandbox clock unless a column says otherwise.
 */

export interface CustomerRow {
  id: number;
  nationality_number: string;
  nationality: string;
  nationality_serial_no: string;
  name: string;
  surname: string;
  phone: string;
  mail: string;
  gender: number;
  /** Unix seconds. */
  birthdate: number;
  mother_name: string;
  father_name: string;
  job: string;
  security_word: string;
  identity_status: number;
  identity_message: string | null;
  identity_front: string | null;
  identity_back: string | null;
  created_at: number;
}

/** A new customer's columns nobody has to give: the identity not sent, no documents yet. */
const NEW_CUSTOMER = { identity_status: 0, identity_message: null, identity_front: null, identity_back: null } as const satisfies Partial<CustomerRow>;

/** A customer as inserted: every column but those of NEW_CUSTOMER, which default to it, and the id. */
export type NewCustomer = Omit<CustomerRow, 'id' | keyof typeof NEW_CUSTOMER> & Partial<Pick<CustomerRow, 'id' | keyof typeof NEW_CUSTOMER>>;

export interface CompanyData {
  name: string;
  tax_central: string;
  tax_number: string;
}

export interface SubscriptionRow {
  id: number;
  customer_id: number;
  status: number;
  reference_type: number;
  subscription_type: number;
  service_number: string | null;
  current_company: string | null;
  bbk: string;
  /** JSON of ResolvedAddress['texts']. */
  address: string;
  product_id: number;
  pre_price_paid_type: number | null;
  campaign_code: string | null;
  reference_code: string | null;
  /** JSON of CompanyData, or null for individual subscriptions. */
  company: string | null;
  docs_status: number | null;
  docs_message: string | null;
  tax_plate: string | null;
  signature_circular: string | null;
  auth_username: string | null;
  auth_password: string | null;
  /** Random part of the contract's URL. */
  doc_key: string;
  /** Unix seconds. */
  register_date: number;
}

/** A new application's columns nobody has to give: no line, code, company, documents or modem yet. */
const NEW_SUBSCRIPTION = {
  service_number: null,
  current_company: null,
  pre_price_paid_type: null,
  campaign_code: null,
  reference_code: null,
  company: null,
  docs_status: null,
  docs_message: null,
  tax_plate: null,
  signature_circular: null,
  auth_username: null,
  auth_password: null,
} as const satisfies Partial<SubscriptionRow>;

/** A subscription as inserted: the columns of NEW_SUBSCRIPTION default to it; the id and the contract's key are made. */
export type NewSubscription = Omit<SubscriptionRow, 'id' | 'doc_key' | keyof typeof NEW_SUBSCRIPTION> &
  Partial<Pick<SubscriptionRow, 'id' | keyof typeof NEW_SUBSCRIPTION>>;

export interface FormRow {
  id: number;
  kind: 'new' | 'transfer';
  step: number;
  hash: string;
  hash_issued_at: number;
  /** JSON of FormData. */
  data: string;
  phone: string | null;
  mail: string | null;
  campaign_code: string | null;
  reference_code: string | null;
  created_at: number;
}

export interface IdentityData {
  nationality: string;
  nationality_number: string;
  nationality_serial_no: string;
  name: string;
  surname: string;
  gender: number;
  job: string;
  birthdate: number;
  mother_name: string;
  father_name: string;
  security_word: string;
}

/** What a form has gathered so far. */
export interface FormData {
  address?: { bbk: string; texts: ResolvedAddress['texts']; connection_type: 1 | 2 | 3 | null };
  product_id?: number;
  pre_price_paid_type?: number;
  identity?: IdentityData;
  service_number?: string;
  current_company?: string;
  /** Connection type of the transferred line (from the service number). */
  connection_type?: 1 | 2;
}

export interface CodeRow {
  hash: string;
  purpose: 'phone' | 'mail' | 'login';
  target: string;
  code: string;
  form_id: number | null;
  customer_id: number | null;
  created_at: number;
  attempts: number;
  state: 'open' | 'used' | 'void';
}

export interface OutboxRow {
  id: number;
  channel: 'sms' | 'mail';
  recipient: string;
  code: string;
  text: string;
  created_at: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS customers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  nationality_number TEXT NOT NULL UNIQUE,
  nationality TEXT NOT NULL,
  nationality_serial_no TEXT NOT NULL,
  name TEXT NOT NULL,
  surname TEXT NOT NULL,
  phone TEXT NOT NULL,
  mail TEXT NOT NULL,
  gender INTEGER NOT NULL,
  birthdate INTEGER NOT NULL,
  mother_name TEXT NOT NULL,
  father_name TEXT NOT NULL,
  job TEXT NOT NULL,
  security_word TEXT NOT NULL,
  identity_status INTEGER NOT NULL DEFAULT 0,
  identity_message TEXT,
  identity_front TEXT,
  identity_back TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  status INTEGER NOT NULL,
  reference_type INTEGER NOT NULL,
  subscription_type INTEGER NOT NULL,
  service_number TEXT,
  current_company TEXT,
  bbk TEXT NOT NULL,
  address TEXT NOT NULL,
  product_id INTEGER NOT NULL,
  pre_price_paid_type INTEGER,
  campaign_code TEXT,
  reference_code TEXT,
  company TEXT,
  docs_status INTEGER,
  docs_message TEXT,
  tax_plate TEXT,
  signature_circular TEXT,
  auth_username TEXT,
  auth_password TEXT,
  doc_key TEXT NOT NULL UNIQUE,
  register_date INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS subscriptions_customer ON subscriptions(customer_id);
CREATE TABLE IF NOT EXISTS forms (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  step INTEGER NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  hash_issued_at INTEGER NOT NULL,
  data TEXT NOT NULL,
  phone TEXT,
  mail TEXT,
  campaign_code TEXT,
  reference_code TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS codes (
  hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  target TEXT NOT NULL,
  code TEXT NOT NULL,
  form_id INTEGER,
  customer_id INTEGER,
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'open'
);
CREATE INDEX IF NOT EXISTS codes_target ON codes(target, created_at);
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL,
  recipient TEXT NOT NULL,
  code TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS contact_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  fullname TEXT NOT NULL,
  phone TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
`;

const TABLES = ['tokens', 'codes', 'outbox', 'forms', 'contact_requests', 'subscriptions', 'customers', 'settings'];

/** Names of files the sandbox stored: 32 hex digits and an extension. */
export const STORED_FILE_NAME = /^[0-9a-f]{32}\.(pdf|png|jpg)$/;

export const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };

export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** Every database opened in this process, with its prepared statements (see keepForLife). */
const keptForLife = new Set<{ db: Database.Database; statements: Map<string, Database.Statement> }>();

/**
 * Keeps a database and each statement it prepares reachable until the process ends: one statement
 * per SQL text, reused (the sandbox's SQL texts are a fixed set). Under Node 24.19 and later,
 * better-sqlite3 before 13 aborts the process when the garbage collector finalizes a Statement or a
 * Database outside a JavaScript context (`node::RemoveEnvironmentCleanupHook: (env) != nullptr`,
 * WiseLibs/better-sqlite3#1515); 13, which fixes it, crashes on Node 20. Nothing collectible, no
 * finalizer.
 */
function keepForLife(db: Database.Database): Database.Database {
  const statements = new Map<string, Database.Statement>();
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }) as typeof db.prepare;
  keptForLife.add({ db, statements });
  return db;
}

/** Settings key of the subscription order hook: 'oldest' lists a customer's subscriptions oldest first. */
export const SETTING_SUBSCRIPTIONS_ORDER = 'subscriptions_order';

export class Store {
  readonly db: Database.Database;

  constructor(
    dbPath: string,
    readonly filesDir: string,
  ) {
    mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
    mkdirSync(filesDir, { recursive: true });
    this.db = keepForLife(new Database(dbPath));
    // exec, not pragma(): pragma() prepares a statement each time (see keepForLife).
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
    this.db.exec(SCHEMA);
  }

  close(): void {
    this.db.close();
  }

  isEmpty(): boolean {
    const row = this.db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number };
    return row.n === 0;
  }

  /** Empties every table and removes the stored files (the caller seeds the fixtures again). */
  wipe(): void {
    this.db.transaction(() => {
      for (const table of TABLES) this.db.prepare(`DELETE FROM ${table}`).run();
      this.db.prepare("DELETE FROM sqlite_sequence WHERE name IN ('customers','subscriptions','forms','outbox','contact_requests')").run();
    })();
    for (const name of readdirSync(this.filesDir)) {
      if (STORED_FILE_NAME.test(name)) rmSync(path.join(this.filesDir, name), { force: true });
    }
  }

  // settings -----------------------------------------------------------------------------------

  getSetting(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  setSetting(key: string, value: string): void {
    this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  // files --------------------------------------------------------------------------------------

  /** Writes a file under a fresh unguessable name and answers that name. */
  saveFile(content: Buffer, extension: 'pdf' | 'png' | 'jpg'): string {
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    writeFileSync(path.join(this.filesDir, name), content);
    return name;
  }

  // customers ----------------------------------------------------------------------------------

  customerById(id: number): CustomerRow | undefined {
    return this.db.prepare('SELECT * FROM customers WHERE id = ?').get(id) as CustomerRow | undefined;
  }

  customerByNationalityNumber(nationalityNumber: string): CustomerRow | undefined {
    return this.db.prepare('SELECT * FROM customers WHERE nationality_number = ?').get(nationalityNumber) as CustomerRow | undefined;
  }

  insertCustomer(customer: NewCustomer): number {
    return this.insert('customers', { ...NEW_CUSTOMER, ...customer });
  }

  customerByToken(token: string, nowMs: number): CustomerRow | undefined {
    return this.db
      .prepare('SELECT c.* FROM tokens t JOIN customers c ON c.id = t.customer_id WHERE t.token = ? AND t.expires_at > ?')
      .get(token, nowMs) as CustomerRow | undefined;
  }

  createToken(customerId: number, nowMs: number): string {
    const token = randomToken(32);
    this.db
      .prepare('INSERT INTO tokens (token, customer_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .run(token, customerId, nowMs, nowMs + 30 * 24 * 3600_000);
    return token;
  }

  // subscriptions ------------------------------------------------------------------------------

  subscriptionById(id: number): SubscriptionRow | undefined {
    return this.db.prepare('SELECT * FROM subscriptions WHERE id = ?').get(id) as SubscriptionRow | undefined;
  }

  subscriptionsOf(customerId: number): SubscriptionRow[] {
    return this.db
      .prepare('SELECT * FROM subscriptions WHERE customer_id = ? ORDER BY register_date DESC, id DESC')
      .all(customerId) as SubscriptionRow[];
  }

  insertSubscription(subscription: NewSubscription): number {
    return this.insert('subscriptions', { ...NEW_SUBSCRIPTION, ...subscription, doc_key: randomBytes(16).toString('hex') });
  }

  /** Inserts a row of the columns it has; answers its id. */
  private insert(table: 'customers' | 'subscriptions', row: Record<string, unknown>): number {
    const columns = Object.keys(row);
    const result = this.db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
    return Number(result.lastInsertRowid);
  }

  /** Whether a line with this service number is already ours or being moved to us (not cancelled). */
  activeServiceNumber(serviceNumber: string): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM subscriptions WHERE service_number = ? AND status NOT IN (998, 999) LIMIT 1')
        .get(serviceNumber) !== undefined
    );
  }

  // answers ------------------------------------------------------------------------------------

  /**
   * The User answer of spec §3, subscriptions newest first; oldest first while the
   * `/__sandbox/subscriptions/order` hook says so, as an upstream that keeps no order may.
   */
  user(customer: CustomerRow, origin: string): User {
    const rows = this.subscriptionsOf(customer.id);
    if (this.getSetting(SETTING_SUBSCRIPTIONS_ORDER) === 'oldest') rows.reverse();
    return {
      user_id: customer.id,
      data: {
        name: customer.name,
        surname: customer.surname,
        phone: customer.phone,
        mail: customer.mail,
        nationality_type: customer.nationality === 'TR' ? 1 : 2,
        nationality_number: customer.nationality_number,
        gender: customer.gender,
        birthdate: customer.birthdate,
        mother_name: customer.mother_name,
        father_name: customer.father_name,
        confirm_nationality: this.confirmNationality(customer, origin),
      },
      subscriptions: rows.map((row) => this.subscription(row, customer, origin)),
    };
  }

  confirmNationality(customer: CustomerRow, origin: string): ConfirmNationality {
    return {
      status: customer.identity_status as ConfirmNationality['status'],
      front: fileLink(customer.identity_front, origin),
      back: fileLink(customer.identity_back, origin),
      message: customer.identity_message,
    };
  }

  companyDocs(row: SubscriptionRow, origin: string): CompanyDocs {
    return {
      status: (row.docs_status ?? 0) as CompanyDocs['status'],
      message: row.docs_message,
      tax_plate: fileLink(row.tax_plate, origin),
      signature_circular: fileLink(row.signature_circular, origin),
    };
  }

  subscription(row: SubscriptionRow, customer: CustomerRow, origin: string): Subscription {
    const product = productById(row.product_id);
    const company = row.company === null ? null : (JSON.parse(row.company) as CompanyData);
    const address = JSON.parse(row.address) as ResolvedAddress['texts'];
    const signed = [3, 4, 5, 200].includes(row.status);
    return {
      subscription_id: row.id,
      status: row.status,
      service_number: row.service_number,
      info: { register_date: row.register_date },
      signed_contract: signed ? { data: { url: `${origin}/files/signed-contract-${row.doc_key}.pdf` } } : null,
      contract: { data: { url: `${origin}/files/contract-${row.doc_key}.pdf` } },
      data: {
        reference_type: row.reference_type === 1 ? 1 : 2,
        bbk: row.bbk,
        address: {
          province: { text: address.province },
          district: { text: address.district },
          township: { text: address.township },
          village: { text: address.village },
          neighborhood: { text: address.neighborhood },
          street: { text: address.street },
          building: { text: address.building },
          floor: { text: address.floor },
        },
        subscription_type: row.subscription_type === 2 ? 2 : 1,
        product: {
          name: product?.name ?? '',
          total_price: product ? monthlyFee(product) : 0,
          speed: product?.speed ?? 0,
          up_speed: product?.up_speed ?? 0,
          url: `${origin}/files/tariff-${row.product_id}.pdf`,
        },
        customer: {
          personal: { nationality_number: customer.nationality_number, name: customer.name, surname: customer.surname },
          company: company && { ...company, docs: this.companyDocs(row, origin) },
        },
        auth_params:
          row.status === 200 && row.auth_username && row.auth_password
            ? { username: row.auth_username, password: row.auth_password }
            : null,
        current_company: row.current_company,
        campaign_code: row.campaign_code,
        reference_code: row.reference_code,
      },
    };
  }
}

function fileLink(name: string | null, origin: string): DocumentLink {
  return { data: name ? { url: `${origin}/files/${name}` } : null };
}
