import { z } from '@/lib/validation/zod';
import {
  birthDate,
  formHash,
  gender,
  mail,
  mobilePhone,
  nationalityNumber,
  requiredText,
  securityWord,
  serviceNumber,
  sixDigitCode,
} from '@/lib/validation/fields';
import { addressBodySchema } from '@/lib/validation/address';
import { consentsSchema } from '@/lib/validation/consents';

const hashed = { form_security_hash: formHash };
/** The calls that file an application carry the consents (the portal's own field, not forwarded). */
const filed = { consents: consentsSchema };
const productId = z.number({ message: 'required' }).int().positive();

/** Package step: `pre_price_paid_type` is the index of the chosen setup-price option. */
export const packageSchema = z.object({
  product_id: productId,
  pre_price_paid_type: z.number({ message: 'required' }).int().nonnegative(),
});

/** Identity step of both wizards (spec §2, §5). */
export const identitySchema = z.object({
  nationality: z.string().regex(/^[A-Z]{2}$/).default('TR'),
  nationality_number: nationalityNumber('citizenshipNumber'),
  // Empty is told apart from wrong: 'required', then the serial number's own rule.
  nationality_serial_no: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(11, { message: 'serialNo' })
    .regex(/^[A-Za-z0-9]+$/, { message: 'serialNo' }),
  name: requiredText(50),
  surname: requiredText(50),
  mother_name: requiredText(50),
  father_name: requiredText(50),
  birthdate: birthDate,
  gender,
  job: z.string({ message: 'required' }).min(1, { message: 'required' }).max(16),
  security_word: securityWord,
});
export type IdentityForm = z.input<typeof identitySchema>;
export type IdentityValues = z.output<typeof identitySchema>;

export const registerStep1Schema = addressBodySchema;
export const registerStep2Schema = packageSchema.extend(hashed);
export const registerStep3Schema = identitySchema.extend({ ...hashed, subscription_type: z.literal(1) });
export const finishSchema = z.object({ ...hashed, ...filed });
export const authRegisterStep2Schema = registerStep2Schema.extend({ subscription_type: z.literal(1), ...filed });

export const serviceNumberSchema = z.object({ service_number: serviceNumber });
export const transferRegisterStep2Schema = addressBodySchema.extend(hashed);
export const transferRegisterStep3Schema = z.object({ ...hashed, product_id: productId });
export const authTransferRegisterStep3Schema = transferRegisterStep3Schema.extend({
  subscription_type: z.literal(1),
  ...filed,
});

/** Verification popups: request a code, then confirm it with the hash the request answered. */
export const phoneRequestSchema = z.object({ ...hashed, phone: mobilePhone });
export const phoneConfirmSchema = phoneRequestSchema.extend({
  sms_hash: formHash,
  sms_code: sixDigitCode('smsCode'),
});
export const mailRequestSchema = z.object({ ...hashed, mail });
export const mailConfirmSchema = mailRequestSchema.extend({
  mail_hash: formHash,
  mail_code: sixDigitCode('mailCode'),
});

/** Campaign and reference codes (spec §5: max 32 characters). */
const code = (key: 'campaignCode' | 'referenceCode') =>
  z.string({ message: key }).trim().min(1, { message: key }).max(32, { message: key });
export const campaignCodeSchema = z.object({
  ...hashed,
  campaign_code: code('campaignCode'),
  nationality_number: nationalityNumber('campaignNationalityNumber'),
});
export const referenceCodeSchema = z.object({ ...hashed, reference_code: code('referenceCode') });
