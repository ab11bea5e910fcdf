import path from 'node:path';
import { createHostConfig } from '@bahi/shared/mf/rspack';
import { PreloadStartChunksPlugin } from './build/preload-start-chunks';
import { PrerenderPagesPlugin } from './build/prerender-pages';

const plugin = (name: string) => path.join(__dirname, 'src', 'runtime-plugins', `${name}.ts`);

const config = createHostConfig({
  dir: __dirname,
  title: 'Bahi · billing and stock for your business',
  // Order matters: skew is checked on the manifest, retries wrap the loads, errors are reported last.
  runtimePlugins: [plugin('version-skew'), plugin('retry'), plugin('error-load-remote')],
});
config.plugins!.push(new PreloadStartChunksPlugin(), new PrerenderPagesPlugin());

export default config;
