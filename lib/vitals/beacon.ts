import { z } from 'zod';
import { VITALS_ROUTES } from '@/lib/vitals/route';

/**
 * What a browser may report (web-vitals' values: milliseconds, CLS unitless) and the largest
 * value taken as real: a minute for a time, 10 for CLS. Anything outside is refused whole, so a
 * made-up beacon cannot drag a percentile.
 */
export const VITAL_LIMITS = { LCP: 60_000, FCP: 60_000, TTFB: 60_000, INP: 60_000, CLS: 10 } as const;
export type VitalName = keyof typeof VITAL_LIMITS;
const names = Object.keys(VITAL_LIMITS) as [VitalName, ...VitalName[]];

const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;

export const vitalsBeaconSchema = z
  .object({
    route: z.enum(VITALS_ROUTES),
    device: z.enum(DEVICE_CLASSES),
    metrics: z
      .array(
        z
          .object({ name: z.enum(names), value: z.number().finite().min(0) })
          .strict()
          .refine(({ name, value }) => value <= VITAL_LIMITS[name], { message: 'out of range' }),
      )
      .min(1)
      .max(names.length)
      .refine((metrics) => new Set(metrics.map(({ name }) => name)).size === metrics.length, { message: 'a metric twice' }),
  })
  .strict();

export type VitalsBeacon = z.infer<typeof vitalsBeaconSchema>;

/** A beacon's values as the histograms keep them: seconds, CLS as it is. */
export const histogramValue = (name: VitalName, value: number) => (name === 'CLS' ? value : value / 1000);
