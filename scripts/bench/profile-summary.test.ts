import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bench, without types
import { areaOf, difference, observabilityParts, selfTimes, summarise } from './profile-summary.mjs';

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({ id, callFrame: { functionName, url, lineNumber: 0, columnNumber: 0 }, children });
const resolve = ({ url, lineNumber }: { url: string; lineNumber: number }) => ({ source: url, line: lineNumber + 1 });

// root → handle (lib/bff) → writeUtf8String (V8); root → (idle); root → (garbage collector).
const profile = {
  nodes: [frame(1, '(root)', '', [2, 4, 5]), frame(2, 'handle', 'lib/bff/handle.ts', [3]), frame(3, 'writeUtf8String', ''), frame(4, '(idle)', ''), frame(5, '(garbage collector)', '')],
  // Each sample lasts until the next one: handle 100 µs, write 300 µs, idle 1,000 µs, GC 50 µs.
  samples: [2, 3, 4, 5, 2],
  timeDeltas: [0, 100, 300, 1000, 50, 0],
};

describe('the BFF profile summary', () => {
  it('places a source by its package or our folder', () => {
    expect(areaOf('node_modules/next/dist/compiled/next-server/app-route-turbo.runtime.prod.js')).toBe('next: compiled server runtime (route module, request handling)');
    expect(areaOf('node_modules/next/dist/compiled/react/cjs/react.production.js')).toBe('react');
    expect(areaOf('node_modules/ioredis/built/Redis.js')).toBe('ioredis');
    expect(areaOf('node_modules/rate-limiter-flexible/lib/RateLimiterRedis.js')).toBe('rate-limiter-flexible');
    expect(areaOf('lib/bff/handle.ts')).toBe('our lib/bff');
    expect(areaOf('../../../lib/upstream/upstream.ts')).toBe('our lib/upstream');
    expect(areaOf('node:_http_outgoing')).toBe('Node.js (http, streams, net, fetch, timers…)');
  });

  it('counts self time by function and owner, idle left out', () => {
    const { functions, owners } = selfTimes(profile, resolve);
    expect(Object.fromEntries([...functions.values()].map((entry: { name: string; micros: number }) => [entry.name, entry.micros]))).toEqual({
      handle: 100,
      writeUtf8String: 300,
      '(garbage collector)': 50,
    });
    // The V8 write under our handler is ours by owner.
    expect(Object.fromEntries(owners)).toEqual({ 'our lib/bff': 400, 'garbage collection': 50 });
  });

  it('divides by the answers and subtracts one target from another', () => {
    const one = summarise([profile], 1, resolve);
    const two = summarise([profile, profile], 1, resolve);
    expect(one.msPerCall).toBe(0.45);
    expect(one.areas['our lib/bff']).toBe(0.1);
    const diff = difference(two, one);
    expect(diff.msPerCall).toBe(0.45);
    expect(diff.owners['our lib/bff']).toBe(0.4);
    expect(diff.functions[0]).toMatchObject({ name: 'writeUtf8String', msPerCall: 0.3 });
  });
});

describe('what each part of observability costs', () => {
  it('takes each part by difference, the parts adding up', () => {
    const setting = (cpuMsPerAnswer: number, msPerCall: number) => ({ cpuMsPerAnswer, msPerCall, owners: { OpenTelemetry: 0.1, pino: 0.05 } });
    // off 2.0; spans 0.2, metrics 0.05, lines 0.1: metrics alone 2.25, lines alone 2.3, both 2.35.
    const parts = observabilityParts({ settings: { off: setting(2, 2.2), metrics: setting(2.25, 2.45), lines: setting(2.3, 2.5), on: setting(2.35, 2.55) } });
    expect(parts.cpu).toEqual({ all: 0.35, spans: 0.2, metrics: 0.05, lines: 0.1 });
    expect(parts.profiled).toEqual({ all: 0.35, spans: 0.2, metrics: 0.05, lines: 0.1 });
    // Shares of the main thread with both on: 0.1 and 0.05 of 2.55 ms.
    expect(parts.shares).toEqual({ spans: 3.922, lines: 1.961, metrics: 0, ours: 0 });
  });

  it("counts Next.js's tracing apart from the rest of its server", () => {
    expect(areaOf('node_modules/next/dist/server/lib/trace/tracer.js')).toBe('next: its tracing (tracer, span wrappers)');
    expect(areaOf('node_modules/next/dist/server/lib/router-utils/instrumentation-node-extensions.js')).toBe('next: its tracing (tracer, span wrappers)');
    expect(areaOf('node_modules/next/dist/server/base-server.js')).toBe('next: server (router, base server, response)');
  });
});
