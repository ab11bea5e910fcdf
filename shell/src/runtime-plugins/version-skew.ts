import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { reportRemoteProblem } from '../remotes/diagnostics';

/** A remote that needs another major of a shared singleton than the shell runs (react 18 code on react 19). */
export class RemoteVersionSkewError extends Error {
  constructor(
    readonly remote: string,
    readonly mismatches: string[],
  ) {
    super(`${remote} was built for other versions of shared libraries: ${mismatches.join('; ')}`);
    this.name = 'RemoteVersionSkewError';
  }
}

interface ManifestShared {
  name: string;
  singleton?: boolean;
  requiredVersion?: string | false;
}

interface HostShared {
  version?: string;
  shareConfig?: { singleton?: boolean };
}

/** Which of the remote's singleton requirements the shell's own versions do not satisfy. */
export function singletonMismatches(
  remoteShared: ManifestShared[],
  hostShared: Record<string, HostShared[] | undefined>,
): string[] {
  const out: string[] = [];
  for (const s of remoteShared) {
    if (!s.singleton || !s.requiredVersion) continue;
    const host = hostShared[s.name]?.[0];
    if (!host?.version || !host.shareConfig?.singleton) continue;
    let ok = true;
    try {
      ok = satisfy(host.version, s.requiredVersion);
    } catch {
      ok = true;
    }
    if (!ok) out.push(`${s.name} ${s.requiredVersion} needed, ${host.version} here`);
  }
  return out;
}

/**
 * Checks a remote's manifest against the shell's shared singletons before any of its code runs. A mismatch is
 * reported in the console and fails the load, so the route boundary names the problem instead of a blank page.
 */
export default function versionSkewPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bahi-version-skew',
    afterLoadManifest(args) {
      const { manifestJson, moduleInfo, origin } = args;
      if (!manifestJson?.shared) return;
      const mismatches = singletonMismatches(
        manifestJson.shared as ManifestShared[],
        origin.options.shared as unknown as Record<string, HostShared[]>,
      );
      if (!mismatches.length) return;
      const error = new RemoteVersionSkewError(moduleInfo.name, mismatches);
      reportRemoteProblem(moduleInfo.name, 'version', error.message);
      console.error(`[bahi] ${error.message}`);
      throw error;
    },
  };
}
