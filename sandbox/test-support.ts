import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addressOptions, resolveBbk, type ResolvedAddress } from '@/sandbox/address';
import { createSandbox, type Sandbox, type SandboxOptions } from '@/sandbox/server';

/** Test helpers: a sandbox on 127.0.0.1, a random port and a fresh temporary database. */

export const SERVICE_TOKEN = 'test-service-token';
export const SERVICE_TOKEN_HEADER = 'X-Service-Token';

export interface Answer {
  status: number;
  headers: Headers;
  // Tests read answers loosely; the shapes are asserted where they matter.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface CallOptions {
  method?: string;
  token?: string;
  serviceToken?: string | null;
  raw?: string;
}

export interface TestSandbox {
  url: string;
  dir: string;
  dbPath: string;
  filesDir: string;
  logs: string[];
  call(pathname: string, body?: unknown, options?: CallOptions): Promise<Answer>;
  hook(pathname: string, body?: unknown): Promise<Answer>;
  /** Newest code sent to a phone or mail. */
  lastCode(to: string): Promise<string>;
  close(): Promise<void>;
  /** Closes and starts again on the same database and files. */
  restart(): Promise<void>;
  /** Closes and removes the temporary directory. */
  dispose(): Promise<void>;
}

export async function startSandbox(extra: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-test-'));
  const dbPath = path.join(dir, 'sandbox.db');
  const filesDir = path.join(dir, 'uploads');
  const logs: string[] = [];
  const options: SandboxOptions = {
    port: 0,
    host: '127.0.0.1',
    dbPath,
    filesDir,
    serviceToken: SERVICE_TOKEN,
    serviceTokenHeader: SERVICE_TOKEN_HEADER,
    log: (line) => logs.push(line),
    ...extra,
  };
  let sandbox: Sandbox = await createSandbox(options);

  const self: TestSandbox = {
    get url() {
      return sandbox.url;
    },
    dir,
    dbPath,
    filesDir,
    logs,
    async call(pathname, body, callOptions = {}) {
      const headers: Record<string, string> = {};
      if (callOptions.serviceToken !== null) headers[SERVICE_TOKEN_HEADER] = callOptions.serviceToken ?? SERVICE_TOKEN;
      if (callOptions.token) headers.Authorization = `Bearer ${callOptions.token}`;
      let payload: BodyInit | undefined;
      if (callOptions.raw !== undefined) payload = callOptions.raw;
      else if (body instanceof FormData) payload = body;
      else if (body !== undefined) {
        payload = JSON.stringify(body);
        headers['Content-Type'] = 'application/json';
      }
      const method = callOptions.method ?? (payload === undefined ? 'GET' : 'POST');
      const response = await fetch(`${sandbox.url}${pathname}`, { method, headers, ...(payload !== undefined && { body: payload }) });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (files)
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
    hook(pathname, body) {
      return self.call(`/__sandbox${pathname}`, body, body === undefined ? {} : { method: 'POST' });
    },
    async lastCode(to) {
      const answer = await self.call(`/__sandbox/outbox?to=${encodeURIComponent(to)}`);
      const entry = answer.body.data[0];
      if (!entry) throw new Error(`no code sent to ${to}`);
      return entry.code as string;
    },
    close: () => sandbox.close(),
    async restart() {
      const port = Number(new URL(sandbox.url).port);
      await sandbox.close();
      // Let fetch's connection pool notice the closed keep-alive sockets before the next call.
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The same port, so absolute file URLs stay the same.
      sandbox = await createSandbox({ ...options, port });
    },
    async dispose() {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return self;
}

/** A door of the cascade with the given last BBK digit (0-9), in İstanbul/Kadıköy unless told. */
export function doorWithDigit(digit: number, where: { plate?: number; district?: string; neighbourhood?: number } = {}): ResolvedAddress {
  const district = addressOptions('city', where.plate ?? 34)!.find((option) => option.text === (where.district ?? 'Kadıköy'))!;
  const township = addressOptions('district', district.value)![0]!;
  const village = addressOptions('township', township.value)![0]!;
  const neighbourhood = addressOptions('village', village.value)![where.neighbourhood ?? 0]!;
  const street = addressOptions('neighborhood', neighbourhood.value)![0]!;
  const building = addressOptions('street', street.value)![0]!;
  const door = addressOptions('building', building.value)!.find((option) => String(option.value).endsWith(String(digit)))!;
  return resolveBbk(door.value)!;
}

/** The nine address fields of register-step-1 for a resolved door, as the website sends them. */
export function addressFieldsOf(address: ResolvedAddress): Record<string, string | number> {
  return {
    address_province: Number(address.ids.province),
    address_district: Number(address.ids.district),
    address_township: Number(address.ids.township),
    address_village: Number(address.ids.village),
    address_neighborhood: Number(address.ids.neighborhood),
    address_street: Number(address.ids.street),
    address_building: Number(address.ids.building),
    address_floor: address.bbk,
    address_bbk: address.bbk,
  };
}

/** A TC kimlik no with a valid checksum, made from 9 leading digits. */
export function validNationalityNumber(first9: string): string {
  const d = [...first9].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((7 * odd - even) % 10) + 10) % 10;
  const eleventh = (d.reduce((sum, n) => sum + n, 0) + tenth) % 10;
  return `${first9}${tenth}${eleventh}`;
}

export function identity(hash: string, nationality_number: string): Record<string, unknown> {
  return {
    form_security_hash: hash,
    subscription_type: 1,
    nationality: 'TR',
    nationality_number,
    nationality_serial_no: 'A01B23456',
    name: 'Can',
    surname: 'Öztürk',
    gender: 2,
    job: 'MUHENDIS',
    birthdate: '15/04/1992',
    mother_name: 'Sevgi',
    father_name: 'Kemal',
    security_word: 'Çınaraltı',
  };
}

/** The code fields of each contact's approval: an SMS for the phone, a mail for the mail address. */
const approvalFields = {
  phone: { hash: 'sms_hash', code: 'sms_code' },
  mail: { hash: 'mail_hash', code: 'mail_code' },
} as const;

/** A phone or mail address requested and approved with the code sent to it; answers the new form hash. */
export async function verifyContact(sb: TestSandbox, hash: string, kind: 'phone' | 'mail', value: string): Promise<string> {
  const request = await sb.call(`/v1/customers/approve-${kind}-request`, { form_security_hash: hash, [kind]: value });
  if (request.status !== 200) throw new Error(JSON.stringify(request.body));
  const code = await sb.lastCode(value);
  const fields = approvalFields[kind];
  const approve = await sb.call(`/v1/customers/approve-${kind}`, { form_security_hash: hash, [fields.hash]: request.body.hash, [kind]: value, [fields.code]: code });
  if (approve.status !== 200) throw new Error(JSON.stringify(approve.body));
  return approve.body.hash as string;
}

/** Logs a customer in by TC + SMS code and answers the token. */
export async function login(sb: TestSandbox, nationality_number: string, phone: string): Promise<string> {
  const start = await sb.call('/v1/customers/auth-start', { nationality_number });
  if (start.status !== 200) throw new Error(JSON.stringify(start.body));
  const code = await sb.lastCode(phone);
  const auth = await sb.call('/v1/customers/auth', { form_security_hash: start.body.hash, sms_code: code });
  if (auth.status !== 200) throw new Error(JSON.stringify(auth.body));
  return auth.body.data.token as string;
}

/** A wrong code (differs from `code` in every digit). */
export function wrongCode(code: string): string {
  return [...code].map((digit) => String((Number(digit) + 1) % 10)).join('');
}
