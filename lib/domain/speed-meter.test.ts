import { describe, expect, it } from 'vitest';
import { needleAngle } from '@/lib/domain/speed-meter';

describe('needleAngle', () => {
  it.each([
    [1000, 180],
    [10_000, 180],
    [999, 140],
    [500, 140],
    [499.9, 100],
    [200, 100],
    [199, 90],
    [100, 90],
  ])('points %d Mbps at %d°', (speed, angle) => {
    expect(needleAngle(speed)).toBe(angle);
  });

  it('moves 0.9° per Mbps below 100', () => {
    expect(needleAngle(0)).toBe(0);
    expect(needleAngle(50)).toBe(45);
    expect(needleAngle(99)).toBeCloseTo(89.1);
    expect(needleAngle(16)).toBeCloseTo(14.4);
  });

  it('clamps negatives and rejects non-numbers', () => {
    expect(needleAngle(-10)).toBe(0);
    expect(needleAngle(Number.NaN)).toBe(0);
    expect(needleAngle(-Infinity)).toBe(0);
    expect(needleAngle(Infinity)).toBe(180);
  });
});
