import { PRERENDERED_PAGES, pageHtml } from './render-pages';

const STYLES = { '/419.2d266d88.css': '.bahi-input{height:40px}\n/*# sourceMappingURL=419.2d266d88.css.map*/' };
const INDEX =
  '<!doctype html><html><head><script defer src="/main.1a2b3c4d.js"></script><link as="script" href="/419.b013fdc1.js" rel="preload">' +
  '<link as="style" href="/419.2d266d88.css" rel="preload"></head><body><div id="root"></div></body></html>';

describe('the prerendered sign-in pages', () => {
  it.each(Object.keys(PRERENDERED_PAGES))('%s: index.html with the page in #root, styled from the head, sendable only once the script runs', (path) => {
    const html = pageHtml(INDEX, path, STYLES);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const root = doc.getElementById('root')!;
    expect(root.getAttribute('data-prerendered')).toBe(path);
    expect(root.querySelector('input[autocomplete="tel-national"]')).not.toBeNull();
    expect(root.querySelector('button[type="submit"]')).toHaveProperty('disabled', true);
    // The same scripts as index.html (no inline script: the CSP forbids it), and its stylesheet applied from the head
    // (styled in the first frame), linked after the page (where the chunk loader finds it, blocking nothing above).
    expect([...doc.scripts].map((s) => s.getAttribute('src'))).toEqual(['/main.1a2b3c4d.js']);
    expect([...doc.head.querySelectorAll('style')].map((s) => s.textContent)).toEqual(['.bahi-input{height:40px}\n']);
    expect(doc.head.querySelector('link[href="/419.2d266d88.css"]')).toBeNull();
    expect(doc.body.lastElementChild).toEqual(expect.objectContaining({ outerHTML: '<link rel="stylesheet" href="/419.2d266d88.css">' }));
    expect(doc.querySelector('link[rel="preload"][href="/419.b013fdc1.js"]')).not.toBeNull();
  });

  it('refuses an index.html it cannot fill (no #root, or no stylesheet)', () => {
    expect(() => pageHtml('<body></body>', '/login', STYLES)).toThrow(/root/);
    expect(() => pageHtml('<body><div id="root"></div></body>', '/login', STYLES)).toThrow(/stylesheet/);
    expect(() => pageHtml(INDEX, '/login', {})).toThrow(/stylesheet/);
  });
});
