import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

let recordBffCall: typeof import('@/lib/bff/call-metrics').recordBffCall;
let logger: ReturnType<typeof import('@/lib/server/logger').getLogger>;

beforeAll(async () => {
  Object.assign(process.env, { SESSION_SECRET: 'z'.repeat(40), LOG_LEVEL: 'warn' });
  ({ recordBffCall } = await import('@/lib/bff/call-metrics'));
  logger = (await import('@/lib/server/logger')).getLogger();
});

afterEach(() => {
  vi.restoreAllMocks();
  logger.level = 'warn';
});

const call = () =>
  recordBffCall(new Request('http://site.test/api/v1/util/infrastructure-inquiry/infrastructure', { method: 'POST' }), {
    requestId: 'a'.repeat(32),
    method: 'POST',
    call: 'infrastructure',
    status: 200,
    durationMs: 3,
  });

describe('a BFF call’s access line', () => {
  it('is not even built below LOG_LEVEL info', () => {
    const info = vi.spyOn(logger, 'info');
    call();
    expect(info).not.toHaveBeenCalled();
  });

  it('names the call, its described path and the instance at LOG_LEVEL info', () => {
    logger.level = 'info';
    const info = vi.spyOn(logger, 'info').mockImplementation((() => undefined) as never);
    call();
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ route: 'bff:infrastructure', path: '/util/infrastructure-inquiry/infrastructure', status: 200, requestId: 'a'.repeat(32), instance: expect.any(String) }),
      'access',
    );
  });
});
