import 'server-only';
import pino from 'pino';
import { getConfig } from '@/lib/config';

let logger: pino.Logger | undefined;

/**
 * JSON lines on stdout. Only metadata is logged, never bodies; the redaction list is a second
 * guard for anything that carries a token, a code or a person's identifiers.
 */
export function getLogger(): pino.Logger {
  logger ??= pino({
    level: getConfig().logLevel,
    base: undefined,
    redact: {
      paths: [
        'token',
        '*.token',
        'authorization',
        '*.authorization',
        'headers.authorization',
        'headers.cookie',
        '*.sms_code',
        '*.mail_code',
        '*.nationality_number',
        '*.phone',
        '*.mail',
        'sms_code',
        'mail_code',
        'nationality_number',
        'phone',
        'mail',
      ],
      censor: '[redacted]',
    },
  });
  return logger;
}
