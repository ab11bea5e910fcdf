import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { federationErrorCode, remoteProblem, reportRemoteProblem, type RemoteProblemKind } from '../remotes/diagnostics';

/**
 * Layer 2 of remote failure handling: one failing remote never takes the others (or the shell) down.
 *
 * - While shared modules are being negotiated (`beforeLoadShare`) the runtime may touch other remotes' entries;
 *   a failure there is recorded and skipped, so the remote actually asked for still loads.
 * - A failed manifest (`afterResolve`) or module (`onLoad`) is recorded and the error is passed on unchanged:
 *   `loadRemote` rejects and the route boundary (layer 3) shows that area's fallback with Retry.
 */
function kindOf(error: unknown, lifecycle: string): RemoteProblemKind {
  const code = federationErrorCode(error);
  if (lifecycle === 'afterResolve' || code === 'RUNTIME-003' || code === 'RUNTIME-013') return 'manifest';
  if (code === 'RUNTIME-008' || code === 'RUNTIME-001') return 'script';
  if (error instanceof Error && error.name === 'RemoteVersionSkewError') return 'version';
  return 'other';
}

export default function errorLoadRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bahi-error-load-remote',
    errorLoadRemote({ id, error, lifecycle, remote }) {
      const name = remote?.name ?? id.split('/')[0];
      const message = error instanceof Error ? error.message : String(error);
      const kind = kindOf(error, lifecycle);
      const known = remoteProblem(name);
      // A manifest or version failure is reported where it happens and again by onLoad: say it once.
      const repeated = lifecycle === 'onLoad' && known !== undefined && known.kind === kind && Date.now() - known.at < 10_000;
      reportRemoteProblem(name, kind, repeated ? known.message : message);
      if (!repeated) console.error(`[bahi] ${name} could not be loaded (${lifecycle}): ${message.split('\n')[0]}`);
      // Returning nothing: for beforeLoadShare the runtime skips that remote; otherwise the load rejects.
      return undefined;
    },
  };
}
