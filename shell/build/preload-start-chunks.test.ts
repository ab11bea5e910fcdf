import type { StatsChunk } from '@rspack/core';
import { startFiles } from './preload-start-chunks';

const consume = (name: string) => ({ name: `consume shared module (default) ${name}@^1.0.0 (strict) (fallback: /x/${name}.js)` });
const provide = (name: string) => ({ moduleName: `provide shared module (default) ${name}@1.0.0 = /x/${name}.js` });
const chunk = (files: string[], origins: Array<{ moduleName?: string; request?: string }>, modules: Array<{ name: string }> = []) =>
  ({ files, origins, modules }) as unknown as StatsChunk;

describe('the files a page needs before it shows anything', () => {
  const chunks = [
    chunk(['main.js'], [{ request: './src/index.ts' }]),
    chunk(['bootstrap.js', 'bootstrap.css'], [{ moduleName: './src/index.ts', request: './bootstrap' }], [consume('react-dom'), consume('core')]),
    chunk(['react-dom.js'], [provide('react-dom')]),
    chunk(['react-dom-fallback.js'], [{ moduleName: consume('react-dom').name }]),
    chunk(['core.js'], [provide('core')], [consume('swr')]),
    chunk(['swr.js'], [provide('swr')]),
    chunk(['signed-in.js'], [{ moduleName: './src/app/signed-in-loader.ts', request: './signed-in-root' }], [consume('antd')]),
    chunk(['antd.js'], [provide('antd')]),
  ];

  it("are the bootstrap's chunks and the shell's own copies of what they share, transitively", () => {
    expect(startFiles(chunks, './bootstrap').sort()).toEqual(['bootstrap.css', 'bootstrap.js', 'core.js', 'react-dom.js', 'swr.js']);
  });

  it('leave out the lazily loaded signed-in app and what only it shares', () => {
    expect(startFiles(chunks, './bootstrap')).not.toEqual(expect.arrayContaining(['signed-in.js']));
    expect(startFiles(chunks, './bootstrap')).not.toEqual(expect.arrayContaining(['antd.js']));
  });
});
