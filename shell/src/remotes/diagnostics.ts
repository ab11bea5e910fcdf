/**
 * What the module-federation runtime plugins learnt about each remote, for the route boundary and the About
 * dialog. Deliberately free of imports: the runtime plugins run before any shared module is available.
 */
export type RemoteProblemKind = 'manifest' | 'script' | 'version' | 'other';

export interface RemoteProblem {
  kind: RemoteProblemKind;
  message: string;
  at: number;
}

const problems = new Map<string, RemoteProblem>();

export function reportRemoteProblem(remote: string, kind: RemoteProblemKind, message: string): void {
  problems.set(remote, { kind, message, at: Date.now() });
}

export function remoteProblem(remote: string): RemoteProblem | undefined {
  return problems.get(remote);
}

export function clearRemoteProblem(remote: string): void {
  problems.delete(remote);
}

/** The `RUNTIME-003`-style code inside a module-federation error message, if any. */
export function federationErrorCode(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error ?? '');
  return /RUNTIME-\d{3}/.exec(text)?.[0];
}
