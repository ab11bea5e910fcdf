/**
 * The module-federation shared singletons, imported by every rspack config so that the shell and every remote
 * agree on one instance of each library. Versions are caret ranges written out, never inferred: a workspace
 * package would otherwise be announced as `workspace:*` and warn at runtime.
 *
 * `@ant-design/icons` is deliberately not shared: icons are stateless, and a shared module ships whole (about
 * 185 KB gzip for every icon), while each app bundling its own imports tree-shakes to the few it uses.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.3.1' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.3.1' },
  'react-dom': { singleton: true, requiredVersion: '^19.3.1' },
  'react-dom/client': { singleton: true, requiredVersion: '^19.3.1' },
  'react-router': { singleton: true, requiredVersion: '^7.18.5' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.18.5' },
  jotai: { singleton: true, requiredVersion: '^2.20.3' },
  swr: { singleton: true, requiredVersion: '^2.5.1' },
  antd: { singleton: true, requiredVersion: '^6.6.8' },
  dayjs: { singleton: true, requiredVersion: '^1.11.23' },
  // The UI-free core (what the login page needs) and the components, each one instance for every app.
  '@bahi/shared': { singleton: true, requiredVersion: '^0.1.0', version: '0.1.0' },
  '@bahi/shared/ui': { singleton: true, requiredVersion: '^0.1.0', version: '0.1.0' },
} as const;

export type SharedSingletonName = keyof typeof SHARED_SINGLETONS;

/** Module-federation container names must be JS identifiers: the folder `mf-items` is the container `mf_items`. */
export function containerName(folder: string): string {
  return folder.replace(/-/g, '_');
}

/** Where `start` serves each remote's build, relative to the product's one URL. */
export function remoteBasePath(folder: string): string {
  return `/remotes/${folder}/`;
}

/** The remote's self-description, emitted at build time beside mf-manifest.json as `bahi-remote.json`. */
export const REMOTE_DESCRIPTOR_FILE = 'bahi-remote.json';

/** Dev-server ports: the shell on 3000 and one port per remote after it. */
export const DEV_PORTS: Record<string, number> = {
  shell: 3000,
  'mf-parties': 3001,
  'mf-items': 3002,
  'mf-sales': 3003,
  'mf-purchases': 3004,
  'mf-reports': 3005,
  'mf-branches': 3006,
};
