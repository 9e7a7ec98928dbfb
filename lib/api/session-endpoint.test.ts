import { describe, expect, it } from 'vitest';
import { SESSION_URL } from '@/lib/api/client';
import { SESSION_ENDPOINT } from '@/lib/api/session-endpoint';

describe('SESSION_ENDPOINT', () => {
  it('is the client fetcher’s session URL', () => {
    expect(SESSION_ENDPOINT).toBe(SESSION_URL);
  });
});
