import type { Compiler, StatsChunk } from '@rspack/core';

const CONSUME = /^consume shared module \((\S+)\) (.+?)@\S+ /;
const PROVIDE = /^provide shared module \((\S+)\) (.+?)@\S+ = /;

/**
 * The files every page loads before it can show anything: the chunks of `import('./bootstrap')` and, transitively,
 * the shell's own copies of the shared singletons they consume (with 'loaded-first' and no remote loaded yet, the
 * module-federation runtime takes the host's provided factories). Found from the build's chunk graph, not listed.
 */
export function startFiles(chunks: StatsChunk[], entryRequest: string): string[] {
  const needed = new Set(chunks.filter((c) => c.origins?.some((o) => o.request === entryRequest)));
  const queue = [...needed];
  for (let chunk = queue.pop(); chunk; chunk = queue.pop()) {
    for (const module of chunk.modules ?? []) {
      const consumed = CONSUME.exec(module.name ?? '');
      if (!consumed) continue;
      const [, scope, name] = consumed;
      for (const candidate of chunks) {
        if (needed.has(candidate)) continue;
        const provides = candidate.origins?.some((o) => {
          const provided = PROVIDE.exec(o.moduleName ?? '');
          return provided !== null && provided[1] === scope && provided[2] === name;
        });
        if (provides) {
          needed.add(candidate);
          queue.push(candidate);
        }
      }
    }
  }
  return [...needed].flatMap((c) => c.files ?? []).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
}

/**
 * Adds `<link rel="preload">` for those files to index.html, so the browser fetches them beside main.js instead of
 * after main.js has run: the login page and a cold inner page save a round trip and main.js's start-up. Nothing
 * of the signed-in app (antd and the rest) is preloaded: the HTML is the same for /login.
 */
export class PreloadStartChunksPlugin {
  constructor(private readonly entryRequest = './bootstrap') {}

  apply(compiler: Compiler) {
    const { HtmlRspackPlugin } = compiler.webpack;
    compiler.hooks.compilation.tap('PreloadStartChunksPlugin', (compilation) => {
      HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise('PreloadStartChunksPlugin', async (data) => {
        const stats = compilation.getStats().toJson({ all: false, chunks: true, chunkModules: true, chunkOrigins: true });
        const publicPath = data.publicPath ?? '/';
        const links = startFiles(stats.chunks ?? [], this.entryRequest).map((file) => ({
          tagName: 'link',
          voidTag: true,
          attributes: { rel: 'preload', as: file.endsWith('.css') ? 'style' : 'script', href: `${publicPath}${file}` },
        }));
        data.assetTags.styles.unshift(...links);
        return data;
      });
    });
  }
}
