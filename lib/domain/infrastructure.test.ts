import { describe, expect, it } from 'vitest';
import type { CopperResult, FiberResult, InfrastructureResult } from '@/lib/api/types';
import {
  FIBER_DEFAULT_SPEED_KBPS,
  FIBER_GBPS_SPEED_KBPS,
  infrastructureOf,
  isSet,
  toMbps,
} from '@/lib/domain/infrastructure';

const noFiber: FiberResult = { central_status: null, port: null, status: null, gbps: null, down_speed: null };
const noCopper: CopperResult = { central_status: null, port: null, down_speed: null, max_down_speed: null, max_speed: null };

function answer(parts: { fiber?: Partial<FiberResult>; vdsl?: Partial<CopperResult>; adsl?: Partial<CopperResult> }): InfrastructureResult {
  return {
    fiber: { ...noFiber, ...parts.fiber },
    vdsl: { ...noCopper, ...parts.vdsl },
    adsl: { ...noCopper, ...parts.adsl },
  };
}

const fiberUp = { central_status: 1, port: 'P1', status: 'OK' } as const;
const copperUp = { central_status: 'UP', port: 3 } as const;

describe('isSet', () => {
  it.each([null, undefined, '', '   ', 0, '0', ' 0 ', false, Number.NaN])('treats %j as unset', (value) => {
    expect(isSet(value as never)).toBe(false);
  });
  it.each([1, -1, '1', 'AKTIF', true, '00'])('treats %j as set', (value) => {
    expect(isSet(value)).toBe(true);
  });
});

describe('toMbps', () => {
  it('divides by 1000 and rounds', () => {
    expect(toMbps(100_000)).toBe(100);
    expect(toMbps(1_000_000)).toBe(1000);
    expect(toMbps(24_499)).toBe(24);
    expect(toMbps(24_500)).toBe(25);
    expect(toMbps(0)).toBe(0);
    expect(toMbps(499)).toBe(0);
  });
});

describe('infrastructureOf: fibre', () => {
  it('is 1 Gbps when gbps is true, whatever down_speed says', () => {
    expect(infrastructureOf(answer({ fiber: { ...fiberUp, gbps: true, down_speed: 50_000 } }))).toEqual({
      type: 1,
      speedKbps: FIBER_GBPS_SPEED_KBPS,
      speedMbps: 1000,
      suitable: true,
    });
  });

  it('treats a numeric gbps flag by truthiness', () => {
    expect(infrastructureOf(answer({ fiber: { ...fiberUp, gbps: 1 } })).speedKbps).toBe(1_000_000);
    expect(infrastructureOf(answer({ fiber: { ...fiberUp, gbps: 0, down_speed: 200_000 } })).speedKbps).toBe(200_000);
    expect(infrastructureOf(answer({ fiber: { ...fiberUp, gbps: false, down_speed: 200_000 } })).speedKbps).toBe(200_000);
  });

  it('uses down_speed without gbps', () => {
    expect(infrastructureOf(answer({ fiber: { ...fiberUp, down_speed: 500_000 } }))).toEqual({
      type: 1,
      speedKbps: 500_000,
      speedMbps: 500,
      suitable: true,
    });
  });

  it.each([null, 0, -5, Number.NaN, Infinity])('falls back to 100 Mbps when down_speed is %j', (down_speed) => {
    const result = infrastructureOf(answer({ fiber: { ...fiberUp, down_speed } }));
    expect(result.speedKbps).toBe(FIBER_DEFAULT_SPEED_KBPS);
    expect(result.speedMbps).toBe(100);
  });

  it.each(['central_status', 'port', 'status'] as const)('is not fibre when %s is unset', (field) => {
    const result = infrastructureOf(answer({ fiber: { ...fiberUp, [field]: null }, vdsl: copperUp }));
    expect(result.type).toBe(2);
  });

  it('wins over VDSL and ADSL', () => {
    expect(infrastructureOf(answer({ fiber: fiberUp, vdsl: copperUp, adsl: copperUp })).type).toBe(1);
  });
});

describe('infrastructureOf: VDSL', () => {
  it('uses down_speed first', () => {
    expect(
      infrastructureOf(answer({ vdsl: { ...copperUp, down_speed: 35_000, max_down_speed: 50_000, max_speed: 100_000 } })),
    ).toEqual({ type: 2, speedKbps: 35_000, speedMbps: 35, suitable: true });
  });

  it('falls back to max_down_speed, then max_speed', () => {
    expect(infrastructureOf(answer({ vdsl: { ...copperUp, max_down_speed: 50_000, max_speed: 100_000 } })).speedKbps).toBe(50_000);
    expect(infrastructureOf(answer({ vdsl: { ...copperUp, down_speed: 0, max_speed: 100_000 } })).speedKbps).toBe(100_000);
  });

  it('takes a non-finite speed as absent', () => {
    expect(infrastructureOf(answer({ vdsl: { ...copperUp, down_speed: Infinity, max_down_speed: 50_000 } })).speedKbps).toBe(50_000);
  });

  it('has no speed when none is given, and is still suitable', () => {
    expect(infrastructureOf(answer({ vdsl: copperUp }))).toEqual({ type: 2, speedKbps: null, speedMbps: null, suitable: true });
  });

  it.each(['central_status', 'port'] as const)('is not VDSL when %s is unset', (field) => {
    expect(infrastructureOf(answer({ vdsl: { ...copperUp, [field]: '' }, adsl: copperUp })).type).toBe(3);
  });

  it('wins over ADSL', () => {
    expect(infrastructureOf(answer({ vdsl: copperUp, adsl: copperUp })).type).toBe(2);
  });
});

describe('infrastructureOf: ADSL', () => {
  it('is type 3 and not suitable', () => {
    expect(infrastructureOf(answer({ adsl: { ...copperUp, max_speed: 16_384 } }))).toEqual({
      type: 3,
      speedKbps: 16_384,
      speedMbps: 16,
      suitable: false,
    });
  });

  it.each(['central_status', 'port'] as const)('is nothing when %s is unset', (field) => {
    expect(infrastructureOf(answer({ adsl: { ...copperUp, [field]: 0 } })).type).toBeNull();
  });
});

describe('infrastructureOf: none', () => {
  it('is null and unsuitable with every field empty', () => {
    expect(infrastructureOf(answer({}))).toEqual({ type: null, speedKbps: null, speedMbps: null, suitable: false });
  });

  it('ignores speeds when no status and port are set', () => {
    expect(infrastructureOf(answer({ fiber: { down_speed: 100_000, gbps: true }, vdsl: { down_speed: 1 } })).type).toBeNull();
  });

  it('survives an answer with missing sections', () => {
    expect(infrastructureOf({} as InfrastructureResult).type).toBeNull();
    expect(infrastructureOf({ adsl: { ...noCopper, ...copperUp } } as InfrastructureResult).type).toBe(3);
  });
});
