import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const REPLAY_HEADER: string;

export declare function createPageReplay(options: { xsrfCookie: string; maxEntries?: number; now?: () => number }): {
  /** Answers the request from a recorded page (true), or watches Next.js answer it (false). */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
};
