import { z } from '@/lib/validation/zod';
import {
  birthDatePattern,
  isValidNationalityNumber,
  mailPattern,
  mobilePhonePattern,
  phonePattern,
  securityWordPattern,
  serviceNumberPattern,
  sixDigitCodePattern,
} from '@/lib/validation/patterns';

/**
 * Field schemas shared by the forms (react-hook-form + zodResolver), the backend-for-frontend and
 * the tests. Every issue message is a key under `validation` in messages/*.json, so the same schema
 * speaks Turkish or English wherever it is rendered.
 */
export type ValidationKey =
  | 'required'
  | NationalityNumberKey
  | `${NationalityNumberKey}Checksum`
  | 'serialNo'
  | 'securityWord'
  | 'birthDate'
  | 'gender'
  | 'phone'
  | 'mobilePhone'
  | 'smsCode'
  | 'mail'
  | 'mailCode'
  | 'loginSmsCode'
  | 'serviceNumber'
  | 'campaignCode'
  | 'referenceCode'
  | 'fullname'
  | 'message'
  | 'tooLong'
  | 'consents'
  | 'invalid';

/** The three messages spec §5 has for a TC kimlik no, by where it is asked. */
type NationalityNumberKey = 'nationalityNumber' | 'citizenshipNumber' | 'campaignNationalityNumber';

const msg = (key: ValidationKey) => ({ message: key });

export const requiredText = (max: number) =>
  z.string(msg('required')).trim().min(1, msg('required')).max(max, msg('tooLong'));

/**
 * TC kimlik no with its checksum; `key` picks the message the form shows (spec §5 has three). Eleven
 * digits whose checksum fails get a text of their own under the same title: the person typed a
 * whole number, so "write 11 digits" would not tell them what is wrong.
 */
export const nationalityNumber = (key: NationalityNumberKey = 'nationalityNumber') =>
  z
    .string(msg(key))
    .regex(/^\d{11}$/, msg(key))
    .refine(isValidNationalityNumber, msg(`${key}Checksum`));

export const phone = z.string(msg('phone')).regex(phonePattern, msg('phone'));
export const mobilePhone = z.string(msg('mobilePhone')).regex(mobilePhonePattern, msg('mobilePhone'));
export const mail = z.string(msg('mail')).trim().max(254, msg('mail')).regex(mailPattern, msg('mail'));
export const sixDigitCode = (key: ValidationKey) => z.string(msg(key)).regex(sixDigitCodePattern, msg(key));
export const serviceNumber = z.string(msg('serviceNumber')).regex(serviceNumberPattern, msg('serviceNumber')).max(20, msg('serviceNumber'));

/** The server-issued form hash passed along every step. */
export const formHash = z.string(msg('invalid')).min(1, msg('invalid')).max(512, msg('invalid'));

/** Birth date as DD/MM/YYYY, a real calendar day, in the past and not before 1900. */
export const birthDate = z
  .string(msg('birthDate'))
  .regex(birthDatePattern, msg('birthDate'))
  .refine((value) => {
    const [, dd, mm, yyyy] = birthDatePattern.exec(value) ?? [];
    const day = Number(dd);
    const month = Number(mm);
    const year = Number(yyyy);
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day &&
      year >= 1900 &&
      date.getTime() < Date.now()
    );
  }, msg('birthDate'));

export const securityWord = z
  .string(msg('securityWord'))
  .min(1, msg('securityWord'))
  .max(32, msg('securityWord'))
  .regex(securityWordPattern, msg('securityWord'));

/** 1 female, 2 male (spec §3). */
export const gender = z.literal([1, 2], msg('gender'));
