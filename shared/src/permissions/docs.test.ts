import fs from 'node:fs';
import path from 'node:path';
import { permissionMatrixMarkdown } from './index';

const DOC = path.join(__dirname, '..', '..', '..', 'docs', 'security.md');
const START = '<!-- permission-matrix:start (generated from shared/src/permissions; see docs.test.ts) -->';
const END = '<!-- permission-matrix:end -->';

/** The matrix in docs/security.md is the shared matrix's own table: a change to one without the other fails here. */
describe('docs/security.md', () => {
  it('holds the permission matrix as generated from @bahi/shared/permissions', () => {
    const doc = fs.readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const table = doc.slice(start + START.length, end).trim();
    // To regenerate: UPDATE_PERMISSION_DOCS=1 npx jest src/permissions/docs.test.ts (from shared/).
    if (process.env.UPDATE_PERMISSION_DOCS === '1' && table !== permissionMatrixMarkdown()) {
      fs.writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n${permissionMatrixMarkdown()}\n${doc.slice(end)}`);
      return;
    }
    expect(table).toBe(permissionMatrixMarkdown());
  });
});
