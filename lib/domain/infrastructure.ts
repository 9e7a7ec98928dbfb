import type { CopperResult, FiberResult, InfrastructureResult } from '@/lib/api/types';

/** 1 = fibre, 2 = VDSL, 3 = ADSL, null = no infrastructure at this inner door. */
export type InfrastructureType = 1 | 2 | 3;

export interface Infrastructure {
  type: InfrastructureType | null;
  speedKbps: number | null;
  speedMbps: number | null;
  /** Only fibre and VDSL let the applicant continue (spec §4). */
  suitable: boolean;
}

/** Fibre speed when the upstream says `gbps` (spec §9). */
export const FIBER_GBPS_SPEED_KBPS = 1_000_000;
/** Fibre speed when the upstream gives no down_speed (spec §9). */
export const FIBER_DEFAULT_SPEED_KBPS = 100_000;

/**
 * Whether an upstream status/port field counts as "set". Unset: null, undefined, '' (or blank),
 * 0, '0' and false. 0 is unset because the upstream uses it as "no status / no free port", and the
 * original front end tested these fields for truthiness; '0' is read the same as 0 because the
 * upstream sends numbers as strings inconsistently.
 */
export function isSet(value: string | number | boolean | null | undefined): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed !== '' && trimmed !== '0';
  }
  return true;
}

/** A usable speed: a finite number above 0; anything else counts as absent. */
function speedOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** kbps to whole Mbps, rounded (spec §4). */
export function toMbps(kbps: number): number {
  return Math.round(kbps / 1000);
}

function fiberSpeed(fiber: FiberResult): number {
  if (fiber.gbps) return FIBER_GBPS_SPEED_KBPS;
  return speedOrNull(fiber.down_speed) ?? FIBER_DEFAULT_SPEED_KBPS;
}

function copperSpeed(copper: CopperResult): number | null {
  return (
    speedOrNull(copper.down_speed) ?? speedOrNull(copper.max_down_speed) ?? speedOrNull(copper.max_speed)
  );
}

function result(type: InfrastructureType | null, speedKbps: number | null): Infrastructure {
  return {
    type,
    speedKbps,
    speedMbps: speedKbps === null ? null : toMbps(speedKbps),
    suitable: type === 1 || type === 2,
  };
}

/**
 * Derives the infrastructure type and line speed of one inner door (spec §4): fibre when its
 * central_status, port and status are all set; else VDSL, else ADSL when central_status and port
 * are set; else none. A missing section (odd upstream answer) counts as not available.
 */
export function infrastructureOf(answer: InfrastructureResult): Infrastructure {
  const { fiber, vdsl, adsl } = answer as Partial<InfrastructureResult>;
  if (fiber && isSet(fiber.central_status) && isSet(fiber.port) && isSet(fiber.status)) {
    return result(1, fiberSpeed(fiber));
  }
  if (vdsl && isSet(vdsl.central_status) && isSet(vdsl.port)) return result(2, copperSpeed(vdsl));
  if (adsl && isSet(adsl.central_status) && isSet(adsl.port)) return result(3, copperSpeed(adsl));
  return result(null, null);
}
