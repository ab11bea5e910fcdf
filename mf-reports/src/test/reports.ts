import { screen } from '@testing-library/react';
import { branchApi, type Branch } from '@bahi/shared';
import { mumbaiBranch, signIn } from '@bahi/shared/testing';

/*
 * What the report screens' tests share: signed in at Mumbai with the business's branches listed (the branch filter
 * and the GSTINs read them), mocks restored after each test, a row's cells and the export links.
 */

/** Signs in before each test and lists `branches` (none asked for with null); restores every mock after each. */
export function setUpReportTests(branches: Branch[] | null = [mumbaiBranch]) {
  beforeEach(() => {
    signIn(mumbaiBranch);
    if (branches) jest.spyOn(branchApi, 'list').mockResolvedValue(branches);
  });
  afterEach(() => jest.restoreAllMocks());
}

/** The text of a table row's cells. */
export const cells = (tr: Element) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);

/** The export links (Excel, CSV and PDF unless `names` says): the report's call with the filters on screen and the format. */
export const exportLinks = (names: readonly string[] = ['Excel', 'CSV', 'PDF']) =>
  names.map((name) => {
    const href = new URL(screen.getByRole('link', { name: new RegExp(name) }).getAttribute('href')!, 'http://x');
    return { path: href.pathname, query: Object.fromEntries(href.searchParams) };
  });
