/**
 * Speed-meter needle angle in degrees for a line speed in Mbps (spec §9). The scale is not linear:
 * below 100 Mbps the needle moves 0.9° per Mbps, above that it jumps between fixed marks.
 * Negative or non-numeric speeds point at 0.
 */
export function needleAngle(speedMbps: number): number {
  if (!Number.isFinite(speedMbps)) return speedMbps === Infinity ? 180 : 0;
  const speed = Math.max(0, speedMbps);
  if (speed >= 1000) return 180;
  if (speed >= 500) return 140;
  if (speed >= 200) return 100;
  if (speed >= 100) return 90;
  return 0.9 * speed;
}
