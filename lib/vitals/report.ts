import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { vitalsRoute } from '@/lib/vitals/route';

/** Where the beacon goes: app/api/vitals, on this origin (the policy's connect-src 'self'). */
const VITALS_PATH = '/api/vitals';

/** A coarse class of the device, nothing that tells one visitor from another. */
function deviceClass(): 'mobile' | 'tablet' | 'desktop' {
  if (!matchMedia('(pointer: coarse)').matches) return 'desktop';
  return Math.min(screen.width, screen.height) < 600 ? 'mobile' : 'tablet';
}

/**
 * Reports this page view's Core Web Vitals (LCP, INP, CLS) and FCP and TTFB with Google's
 * web-vitals, in one beacon when the page is hidden (web-vitals settles LCP, CLS and INP then).
 * Loaded after the load event: its observers read the entries the browser buffered until then.
 */
export function reportVitals(): void {
  const route = vitalsRoute(location.pathname);
  const device = deviceClass();
  const queue = new Map<Metric['name'], number>();
  const add = ({ name, value }: Metric) => queue.set(name, Math.round(name === 'CLS' ? value * 10_000 : value * 10) / (name === 'CLS' ? 10_000 : 10));
  onLCP(add);
  onINP(add);
  onCLS(add);
  onFCP(add);
  onTTFB(add);
  const flush = () => {
    if (queue.size === 0) return;
    const metrics = [...queue].map(([name, value]) => ({ name, value }));
    queue.clear();
    navigator.sendBeacon(VITALS_PATH, JSON.stringify({ route, device, metrics }));
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  // Safari may skip visibilitychange when a page is left.
  addEventListener('pagehide', flush);
}
