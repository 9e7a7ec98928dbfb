import { type APIRequestContext, expect } from '@playwright/test';
import type { User } from '@/lib/api/types';
import { fixtureAddress } from '@/sandbox/fixtures';
import { bffPost } from './api';
import { randomMail, randomNationalityNumber, randomPhone } from './people';
import { latestCode } from './sandbox';
import { CONSENTS } from './consents';

/** register-step-1's address fields for inner door `door` of a Kadıköy building with fibre. */
export function addressFields(door: number) {
  const address = fixtureAddress(34, 'Kadıköy', { neighbourhood: 1, door });
  const { ids } = address;
  return {
    address_province: Number(ids.province),
    address_district: Number(ids.district),
    address_township: Number(ids.township),
    address_village: Number(ids.village),
    address_neighborhood: Number(ids.neighborhood),
    address_street: Number(ids.street),
    address_building: Number(ids.building),
    address_floor: address.bbk,
    address_bbk: address.bbk,
  };
}

export async function bffCall(request: APIRequestContext, path: string, body: unknown) {
  const response = await bffPost(request, path, body);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

/**
 * A customer of this test alone, registered through the backend-for-frontend as the wizard does
 * (address, package, identity, phone and mail codes): identity not sent, one new subscription.
 * The request context (and so the page) is logged in as them afterwards.
 */
export async function registerCustomer(request: APIRequestContext): Promise<{ nationality_number: string; name: string; phone: string; user: User }> {
  const post = (path: string, body: unknown) => bffCall(request, path, body);
  let { hash } = await post('/customers/register-step-1', addressFields(3));
  ({ hash } = await post('/customers/register-step-2', { form_security_hash: hash, product_id: 1, pre_price_paid_type: 0 }));
  const nationality_number = randomNationalityNumber();
  ({ hash } = await post('/customers/register-step-3', {
    form_security_hash: hash,
    subscription_type: 1,
    nationality: 'TR',
    nationality_number,
    nationality_serial_no: 'A01B23456',
    name: 'Deniz Su',
    surname: 'Arslan',
    gender: 1,
    job: 'MUHENDIS',
    birthdate: '15/04/1992',
    mother_name: 'Sevgi',
    father_name: 'Kemal',
    security_word: 'Papatya',
  }));
  const phone = randomPhone();
  const phoneRequest = await post('/customers/approve-phone-request', { form_security_hash: hash, phone });
  ({ hash } = await post('/customers/approve-phone', { form_security_hash: hash, sms_hash: phoneRequest.hash, phone, sms_code: await latestCode(phone) }));
  const mail = randomMail();
  const mailRequest = await post('/customers/approve-mail-request', { form_security_hash: hash, mail });
  ({ hash } = await post('/customers/approve-mail', { form_security_hash: hash, mail_hash: mailRequest.hash, mail, mail_code: await latestCode(mail) }));
  const finish = await post('/customers/register-step-4', { form_security_hash: hash, consents: CONSENTS });
  return { nationality_number, name: 'Deniz Su Arslan', phone, user: finish.data as User };
}
