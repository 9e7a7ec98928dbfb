export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function ratio(value, baseline) {
  return Number.isFinite(value) && Number.isFinite(baseline) && baseline !== 0 ? value / baseline : NaN;
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
export const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
export const fixed = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
export const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
/** Latencies of a millisecond or two: one decimal. */
export const msFine = (value) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : Math.round(value)} ms` : 'n/a');
