import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACTED, redaction } from '@/lib/server/logger';
import { contactSchema } from '@/lib/validation/account';
import { identitySchema, mailRequestSchema, phoneRequestSchema } from '@/lib/validation/application';

describe('the redaction list', () => {
  it('names every identity and contact field the forms send', () => {
    const personal = [
      ...Object.keys(identitySchema.shape).filter((field) => field !== 'nationality'),
      ...Object.keys(contactSchema.shape),
      ...Object.keys(phoneRequestSchema.shape),
      ...Object.keys(mailRequestSchema.shape),
    ].filter((field) => !field.endsWith('_hash'));
    for (const field of personal) expect(REDACTED, field).toContain(field);
  });

  it('hides them at the top of a line and one level down', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const log = pino({ base: undefined, redact: redaction }, sink);
    log.info({ birthdate: '1990-01-01', user: { name: 'Ayşe', mother_name: 'Fatma', nationality_serial_no: 'A12B34567', security_word: 'Çınar' }, call: 'registerStep3' }, 'x');
    const line = JSON.parse(lines[0]!);
    expect(line.call).toBe('registerStep3');
    expect(line.birthdate).toBe('[redacted]');
    expect(line.user).toEqual({ name: '[redacted]', mother_name: '[redacted]', nationality_serial_no: '[redacted]', security_word: '[redacted]' });
  });
});
