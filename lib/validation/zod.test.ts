import { describe, expect, it } from 'vitest';
import { z } from '@/lib/validation/zod';

describe('the schemas’ zod', () => {
  it('never compiles parsers with eval, which the site’s CSP forbids', () => {
    expect(z.config().jitless).toBe(true);
  });
});
