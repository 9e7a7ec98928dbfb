import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/server/config', () => ({ getConfig: () => ({ uploadsInFlight: 3 }) }));

const { UploadSlots, uploadSlots } = await import('@/lib/bff/upload-slots');

describe('UploadSlots', () => {
  it('lets `max` uploads in at once and refuses the next until one ends', () => {
    const slots = new UploadSlots(2);
    const first = slots.tryAcquire();
    const second = slots.tryAcquire();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(slots.inFlight).toBe(2);
    expect(slots.tryAcquire()).toBeNull();
    expect(slots.inFlight).toBe(2);
    first!();
    expect(slots.inFlight).toBe(1);
    expect(slots.tryAcquire()).not.toBeNull();
    expect(slots.tryAcquire()).toBeNull();
  });

  it('frees a slot once however often its release runs', () => {
    const slots = new UploadSlots(2);
    const release = slots.tryAcquire()!;
    slots.tryAcquire();
    release();
    release();
    expect(slots.inFlight).toBe(1);
    expect(slots.tryAcquire()).not.toBeNull();
    expect(slots.tryAcquire()).toBeNull();
  });
});

describe('uploadSlots', () => {
  it('is one set of UPLOADS_IN_FLIGHT slots for the process', () => {
    const slots = uploadSlots();
    expect(slots).toBe(uploadSlots());
    expect(slots.max).toBe(3);
  });
});
