import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Compiler } from '@rspack/core';

/**
 * Emits login.html and signup.html beside index.html: index.html with the page React renders at /login and /signup
 * (the shell's own components, rendered by react-dom/server in a child process that loads them with tsx) and the
 * start stylesheets' text, so the phone field is on screen, styled and usable before any JavaScript has run; the
 * browser then hydrates it. Runs before the precompress step, which writes their .br/.gz twins like every other
 * asset's.
 */
export class PrerenderPagesPlugin {
  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrerenderPagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrerenderPagesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const index = compilation.getAsset('index.html');
        if (!index) throw new Error('PrerenderPagesPlugin: no index.html to prerender the sign-in pages into');
        const indexHtml = index.source.source().toString();
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const styles: Record<string, string> = {};
        for (const [, href] of indexHtml.matchAll(/<link[^>]*?\bas="style"[^>]*?\bhref="([^"]+)"/g)) {
          const asset = compilation.getAsset(href.startsWith(publicPath) ? href.slice(publicPath.length) : href);
          if (asset) styles[href] = asset.source.source().toString();
        }
        const out = execFileSync(process.execPath, [path.join(__dirname, 'prerender.cjs')], {
          cwd: path.join(__dirname, '..'),
          input: JSON.stringify({ index: indexHtml, styles }),
          env: { ...process.env, NODE_ENV: 'production' },
          maxBuffer: 16 * 1024 * 1024,
        });
        const pages = JSON.parse(out.toString()) as Record<string, string>;
        for (const [file, html] of Object.entries(pages)) compilation.emitAsset(file, new sources.RawSource(html));
      });
    });
  }
}
