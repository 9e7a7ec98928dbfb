// Lab vitals without Lighthouse's artifacts: Chromium (Playwright driving the bench's, scripts/bench/tools.mjs) on a
// slow phone's link and CPU, no tracing and no screenshots (Lighthouse's trace screenshots make the
// compositor withhold frames: docs/decisions/0014-lab-vitals-without-lighthouse-artifacts.md).
// Google's web-vitals library reads LCP, FCP, CLS and INP in the page; a `longtask` observer gives
// Total Blocking Time. Every load gets a fresh browser context; pages are interleaved in rounds so a
// busy moment of the machine does not fall on one page only. Also the first interaction of `/`:
// after each measured load of `/`, the tap on "Yeni Başvuru" until the wizard's first field is on
// screen, and its INP.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumFlags } from '../chromium-flags.mjs';
import { chromePath } from './tools.mjs';
import { root } from './servers.mjs';
import { median } from './stats.mjs';

/** Loads per page (and taps): a median of fifteen holds on this shared machine where nine did not. */
export const LAB_LOADS = 15;

/**
 * Lighthouse's default mobile device (lighthouse/core/config/constants.js: a moto g power, 412×823
 * CSS pixels at 1.75, its user agent), with touch.
 */
const device = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  locale: 'tr-TR',
};

/**
 * Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, with its 1 Mbit =
 * 1,024 kbit), applied to the page rather than simulated. CDP's `latency` is added once per request,
 * between sending it and its response headers: one round trip per request (no separate connection
 * set-up or slow start, which CDP does not model). Its throughputs are bytes per second:
 * 1.6 × 1,024 × 1,024 / 8 = 209,715 B/s down and 750 × 1,024 / 8 = 96,000 B/s up, shared by all the
 * page's requests.
 */
export const network = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** Emulation.setCPUThrottlingRate: the renderer's main thread runs 4× slower, as Lighthouse's mobile preset assumes. */
export const CPU_SLOWDOWN = 4;

/**
 * The end of a load: after the load event, Lighthouse's quiet thresholds (1 s without a request in
 * flight and 1 s without a long task), at most 30 s after the navigation started (the run is then
 * marked `capped`).
 */
export const QUIET_MS = 1000;
const CAP_MS = 30_000;
/** A task longer than this blocks input (the definition of Total Blocking Time). */
const BLOCKING_MS = 50;

/**
 * Total Blocking Time as Lighthouse computes it from a trace (lantern's TBTUtils), here from the
 * page's long tasks: each task clipped to [fcp, end], and what of it lasts beyond 50 ms summed.
 * A task that started before the first paint counts only from it.
 */
export function totalBlockingTime(longTasks, fcpMs, endMs) {
  let sum = 0;
  for (const { startTime, duration } of longTasks) {
    const clipped = Math.min(startTime + duration, endMs) - Math.max(startTime, fcpMs);
    if (clipped > BLOCKING_MS) sum += clipped - BLOCKING_MS;
  }
  return sum;
}

/**
 * What runs in the page before any of its own scripts (a script added on every new document, which
 * the site's Content-Security-Policy does not apply to): web-vitals, reporting every change, and the
 * long tasks; on `/` also what the tap needs (its time, and the frame that shows the wizard's field).
 */
export function probeScript() {
  const webVitals = readFileSync(path.join(root, 'node_modules', 'web-vitals', 'dist', 'web-vitals.iife.js'), 'utf8');
  const probe = () => {
    if (window !== window.top) return;
    const lab = { vitals: {}, longTasks: [], tap: null };
    Object.defineProperty(window, '__lab', { value: lab });
    const keep = (metric) => {
      lab.vitals[metric.name] = metric.value;
    };
    const options = { reportAllChanges: true };
    // What the library's IIFE defines just before this (in the same scope: Playwright wraps the
    // script in a function, so it is not a property of window).
    const { onLCP, onFCP, onCLS, onINP } = webVitals;
    onLCP(keep, options);
    onFCP(keep, options);
    onCLS(keep, options);
    onINP(keep, options);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) lab.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    /**
     * From the tap's first event to the frame that draws the field labelled `label`: the field seen
     * in the DOM and visible (a mutation), then the end of the next frame's rendering (a task posted
     * from its requestAnimationFrame runs after that frame was produced).
     */
    lab.armTap = (label) => {
      const tap = { label, downAt: null, visibleAt: null, shownAt: null };
      lab.tap = tap;
      addEventListener(
        'pointerdown',
        (event) => {
          tap.downAt ??= event.timeStamp;
        },
        { capture: true, once: true },
      );
      const field = () => [...document.querySelectorAll('label')].find((element) => element.textContent.trim() === label)?.control;
      const observer = new MutationObserver(() => {
        const input = field();
        if (!input || !input.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
        observer.disconnect();
        tap.visibleAt = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            tap.shownAt = performance.now();
          };
          channel.port2.postMessage(null);
        });
      });
      observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
    };
  };
  return `${webVitals}\n;(${probe})();`;
}

export async function openPage(browser, script) {
  const context = await browser.newContext(device);
  await context.addInitScript({ content: script });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // Requests in flight and the last time one started or ended, for the quiet window.
  const traffic = { inFlight: 0, lastChange: Date.now() };
  const change = (delta) => () => {
    traffic.inFlight += delta;
    traffic.lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return { context, page, cdp, traffic };
}

/** Waits for the quiet window after the load event; answers whether the cap cut it short. */
async function waitForQuiet(page, traffic, deadline) {
  while (Date.now() < deadline) {
    const sinceLongTask = await page.evaluate(() => {
      const last = window.__lab.longTasks.reduce((end, task) => Math.max(end, task.startTime + task.duration), 0);
      return performance.now() - last;
    });
    if (traffic.inFlight <= 0 && Date.now() - traffic.lastChange >= QUIET_MS && sinceLongTask >= QUIET_MS) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

/** Navigates and waits for the load event and the quiet window; answers the page's figures. */
export async function load(page, traffic, url) {
  const started = Date.now();
  const response = await page.goto(url, { waitUntil: 'load', timeout: CAP_MS });
  if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
  const capped = await waitForQuiet(page, traffic, started + CAP_MS);
  const { vitals, longTasks, now } = await page.evaluate(() => ({ vitals: window.__lab.vitals, longTasks: window.__lab.longTasks, now: performance.now() }));
  if (!Number.isFinite(vitals.FCP) || !Number.isFinite(vitals.LCP)) throw new Error(`${url}: web-vitals reported no FCP or LCP (${JSON.stringify(vitals)})`);
  return {
    lcpMs: vitals.LCP,
    fcpMs: vitals.FCP,
    // CLS is reported once something shifted; a page where nothing did has none to report.
    cls: vitals.CLS ?? 0,
    tbtMs: totalBlockingTime(longTasks, vitals.FCP, now),
    longTasks: longTasks.length,
    longestTaskMs: Math.max(0, ...longTasks.map((task) => task.duration)),
    endMs: now,
    capped,
  };
}

/**
 * Once the page is quiet, taps the link and waits for the field on screen and web-vitals' INP;
 * answers the time from the tap to the field, and the INP.
 */
async function tap(page, { link, field }) {
  await page.evaluate((label) => window.__lab.armTap(label), field);
  // Touch events, as a phone sends them (pointerdown, pointerup, click).
  await page.getByRole('link', { name: link, exact: true }).tap({ timeout: CAP_MS });
  await page.waitForFunction(() => window.__lab.tap.shownAt !== null && window.__lab.vitals.INP !== undefined, undefined, { timeout: CAP_MS, polling: 100 });
  const { tap: figures, vitals } = await page.evaluate(() => ({ tap: window.__lab.tap, vitals: window.__lab.vitals }));
  if (figures.downAt === null) throw new Error(`the tap on ${link} fired no pointerdown`);
  return { toFieldMs: figures.shownAt - figures.downAt, toDomMs: figures.visibleAt - figures.downAt, inpMs: vitals.INP };
}

/** One load in a fresh context; with `interaction`, its tap after the load was measured. */
async function loadOnce(browser, script, url, interaction) {
  const { context, page, traffic } = await openPage(browser, script);
  try {
    const figures = await load(page, traffic, url);
    return { figures, tap: interaction ? await tap(page, interaction) : undefined };
  } finally {
    await context.close();
  }
}

const summary = (list, fields) => ({ ...Object.fromEntries(fields.map((field) => [field, median(list.map((run) => run[field]))])), runs: list });

export const launchBrowser = () => chromium.launch({ executablePath: chromePath(), args: [...chromiumFlags] });

/**
 * `pages`: [{ key, url }], measured `loads` times each, interleaved. `interaction`: { key, link,
 * field }: every load of that page goes on, once measured, to a tap on the link (the load's figures
 * are taken before it, so they are those of a load like the others). Answers per key the medians
 * and the runs, and the interaction's.
 */
export async function measureLabVitals({ pages, interaction, loads = LAB_LOADS, log }) {
  const browser = await launchBrowser();
  const script = probeScript();
  try {
    const runs = Object.fromEntries(pages.map(({ key }) => [key, []]));
    const taps = [];
    for (let round = 1; round <= loads; round++) {
      const figures = [];
      for (const { key, url } of pages) {
        const result = await loadOnce(browser, script, url, key === interaction.key ? interaction : undefined);
        runs[key].push(result.figures);
        figures.push(`${key} ${Math.round(result.figures.lcpMs)}/${Math.round(result.figures.tbtMs)}${result.figures.capped ? ' (capped)' : ''}`);
        if (result.tap) {
          taps.push(result.tap);
          figures.push(`tap ${Math.round(result.tap.toFieldMs)}/${Math.round(result.tap.inpMs)}`);
        }
      }
      log(`  lab round ${round}, LCP/TBT ms (the tap: to the field/INP ms): ${figures.join(', ')}`);
    }
    return {
      settings: { loads, network, cpuSlowdown: CPU_SLOWDOWN, quietMs: QUIET_MS, capMs: CAP_MS, viewport: device.viewport, deviceScaleFactor: device.deviceScaleFactor },
      pages: Object.fromEntries(Object.entries(runs).map(([key, list]) => [key, summary(list, ['lcpMs', 'fcpMs', 'cls', 'tbtMs', 'longestTaskMs', 'endMs'])])),
      interaction: { page: interaction.key, link: interaction.link, field: interaction.field, ...summary(taps, ['toFieldMs', 'toDomMs', 'inpMs']) },
    };
  } finally {
    await browser.close();
  }
}
