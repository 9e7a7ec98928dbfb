/** Types of scripts/stack.mjs for the TypeScript tests that import it. */
export interface Images {
  app: string;
  parts: string;
  upstream: string;
  release: string;
}
export type StackVars = Record<string, string>;

export const STACK_FILE: string;
export const DEMO_STACK_FILE: string;
export function sh(command: string, args: string[], options?: { input?: string; env?: NodeJS.ProcessEnv; quiet?: boolean; cwd?: string }): string;
export function buildImages(options?: { distDir?: string; log?: (line: string) => void }): Images;
export function ensureSwarm(): boolean;
export function leaveSwarm(): void;
export function createObject(kind: 'secret' | 'config', prefix: string, content: string, labels?: Record<string, string>): string;
export function createObjects(stack: string, options?: { sessionSecret?: string; apiToken?: string }): StackVars;
export function demoCaFile(stack: string): string;
export function deployStack(stack: string, vars: StackVars): void;
export function savedVars(stack: string): StackVars;
export function release(stack: string, image: string): void;
export function scale(stack: string, replicas: number): void;
export function updateState(stack: string): string;
export function removeStack(stack: string, options?: { leave?: boolean }): void;
export function demoVars(
  stack: string,
  images: Images,
  options?: { edgePort?: number; prometheusPort?: number; sandboxPort?: number; replicas?: number; env?: Record<string, string>; sessionSecret?: string; apiToken?: string },
): StackVars;
