import type { IncomingMessage, ServerResponse } from 'node:http';

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`. Answers the count. */
export declare function precompressAssets(dir: string): number;

/** The encodings an Accept-Encoding header allows (a `;q=0` refuses one). */
export declare function acceptedEncodings(header: string | undefined): Set<string>;

export declare function createStaticAssets(options: { distDir: string; routesManifest?: string; memoryBytes?: number }): {
  /** Answers a build asset from its compressed copy (true), or leaves the request to Next.js (false). */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
};
