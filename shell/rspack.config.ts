import path from 'node:path';
import { createHostConfig } from '@bahi/shared/mf/rspack';

const plugin = (name: string) => path.join(__dirname, 'src', 'runtime-plugins', `${name}.ts`);

const config = createHostConfig({
  dir: __dirname,
  title: 'Bahi · billing and stock for your business',
  // Order matters: skew is checked on the manifest, retries wrap the loads, errors are reported last.
  runtimePlugins: [plugin('version-skew'), plugin('retry'), plugin('error-load-remote')],
});

/*
 * 'loaded-first': remotes take the singletons the shell already loaded. The default 'version-first' makes every
 * first use of a shared module in a lazy shell chunk load the entry of every registered remote to compare
 * versions: it fetches remote code nobody asked for, and one remote being down then breaks the others.
 * createHostConfig has no option for it yet, so it is set on the plugin here.
 */
for (const p of config.plugins ?? []) {
  if (p && (p as { name?: string }).name === 'RspackModuleFederationPlugin') {
    (p as unknown as { _options: { shareStrategy?: string } })._options.shareStrategy = 'loaded-first';
  }
}

export default config;
