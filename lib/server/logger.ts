import 'server-only';
import pino from 'pino';
import { getConfig } from '@/lib/server/config';

let logger: pino.Logger | undefined;

/**
 * Every field that carries a token, a code, a secret or a person's identity or contact, wherever
 * it appears at the top of a line or one level down. No line is meant to hold any of them (lines
 * carry metadata only); this is the second guard. lib/server/logger.test.ts holds it to the forms' fields.
 */
export const REDACTED = [
  'token',
  'authorization',
  'cookie',
  'password',
  'sms_code',
  'mail_code',
  'security_word',
  'nationality_number',
  'nationality_serial_no',
  'birthdate',
  'mother_name',
  'father_name',
  'fullname',
  'name',
  'surname',
  'phone',
  'mail',
  'email',
  'message',
  'address',
  'service_number',
  'tax_number',
  'gender',
  'job',
] as const;

export const redaction = {
  paths: [...REDACTED.flatMap((field) => [field, `*.${field}`]), 'headers.authorization', 'headers.cookie'],
  censor: '[redacted]',
};

/**
 * JSON lines on stdout. Only metadata is logged, never bodies; the redaction list is a second
 * guard for anything that carries a token, a code or a person's identifiers.
 */
export function getLogger(): pino.Logger {
  logger ??= pino({
    level: getConfig().logLevel,
    base: undefined,
    redact: redaction,
  });
  return logger;
}
