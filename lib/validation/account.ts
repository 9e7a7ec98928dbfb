import { z } from '@/lib/validation/zod';
import { formHash, nationalityNumber, phone, sixDigitCode } from '@/lib/validation/fields';

/** Login step 1 (also the application-inquiry popup). */
export const authStartSchema = z.object({ nationality_number: nationalityNumber('nationalityNumber') });
/** Login step 2: the SMS code against the security hash step 1 answered. */
export const authSchema = z.object({ form_security_hash: formHash, sms_code: sixDigitCode('loginSmsCode') });
export const tokenAuthSchema = z.object({ token: z.string().min(1).max(2048) });

/** Contact form: fullname required (max 100), phone in the mask's form, a message. */
export const contactSchema = z.object({
  fullname: z
    .string({ message: 'fullname' })
    .trim()
    .min(1, { message: 'fullname' })
    .max(100, { message: 'fullname' }),
  phone,
  message: z.string().trim().max(1000, { message: 'tooLong' }).default(''),
});
export type ContactForm = z.input<typeof contactSchema>;
