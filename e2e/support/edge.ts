import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Edge, EdgeOptions } from '../../scripts/edge.mjs';
import { bff, type Client } from '../security/harness';
import { randomMail, randomNationalityNumber, randomPhone } from './people';
import { addressFields } from './register';
import { latestCode } from './sandbox';
import { distDir } from './servers';

/**
 * The topology of scripts/edge.mjs for one spec: the suite's build, free ports, the sandbox's data
 * fresh in `dataDir` whatever a run before changed, and its own 60 s resend rule off (it would hide
 * the site's limits).
 */
export async function startTestEdge(dataDir: string, options: EdgeOptions = {}): Promise<Edge> {
  // Imported when run: an ES module of its own (import.meta), which the test loader would not compile.
  const { startEdge } = await import('../../scripts/edge.mjs');
  rmSync(dataDir, { recursive: true, force: true });
  return startEdge({
    distDir: path.basename(distDir),
    dataDir,
    edgePort: 0,
    appPorts: [0, 0],
    build: false,
    ...options,
    sandboxEnv: { SANDBOX_RESEND_SECONDS: '0', ...options.sandboxEnv },
  });
}

/** The identity step's fields of a new application (register-step-3, without the form hash). */
export interface Applicant {
  nationality_number: string;
  nationality_serial_no: string;
  name: string;
  surname: string;
  mother_name: string;
  father_name: string;
  birthdate: string;
  security_word: string;
}

/**
 * A visitor's new application through the edge's backend-for-frontend, as the wizard makes it (door
 * `door` of the fixture address, Limitsiz Fiber 100, the phone and mail codes from the edge's own
 * sandbox), up to its filing call: answers the form hash register-step-4 files with.
 */
export async function readyToFile(
  edge: Edge,
  client: Client,
  { person = { ...someone, nationality_number: randomNationalityNumber() }, phone = randomPhone(), mail = randomMail(), door = 3 }: { person?: Applicant; phone?: string; mail?: string; door?: number } = {},
): Promise<string> {
  const post = async (call: string, body: unknown) => {
    const answer = await bff(edge.url, call, body, client);
    expect(answer.status, `${call}: ${answer.text}`).toBe(200);
    return answer.json();
  };
  let { hash } = await post('/customers/register-step-1', addressFields(door));
  ({ hash } = await post('/customers/register-step-2', { form_security_hash: hash, product_id: 1, pre_price_paid_type: 0 }));
  ({ hash } = await post('/customers/register-step-3', { form_security_hash: hash, subscription_type: 1, nationality: 'TR', gender: 1, job: 'MUHENDIS', ...person }));
  const phoneRequest = await post('/customers/approve-phone-request', { form_security_hash: hash, phone });
  ({ hash } = await post('/customers/approve-phone', { form_security_hash: hash, sms_hash: phoneRequest.hash, phone, sms_code: await latestCode(phone, edge.sandboxUrl) }));
  const mailRequest = await post('/customers/approve-mail-request', { form_security_hash: hash, mail });
  ({ hash } = await post('/customers/approve-mail', { form_security_hash: hash, mail_hash: mailRequest.hash, mail, mail_code: await latestCode(mail, edge.sandboxUrl) }));
  return hash!;
}

const someone: Applicant = {
  nationality_number: '',
  nationality_serial_no: 'A01B23456',
  name: 'Ece',
  surname: 'Yıldız',
  mother_name: 'Sevgi',
  father_name: 'Kemal',
  birthdate: '15/04/1992',
  security_word: 'Papatya',
};
