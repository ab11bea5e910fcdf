import { screen, waitFor, within } from '@testing-library/react';
import { itemApi } from '@bahi/shared';
import { ItemCategoriesPage } from './list';
import { CATEGORIES, mainBranch } from '../../test/fixtures';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
beforeEach(() => signIn(mainBranch));
afterEach(() => {
  jest.restoreAllMocks();
});

describe('ItemCategoriesPage (create-category)', () => {
  it('lists the categories with their item counts, linking to their items', async () => {
    jest.spyOn(itemApi, 'categories').mockResolvedValue(CATEGORIES);
    renderScreen(<ItemCategoriesPage />, { path: '/create-category' });
    const link = await screen.findByRole('link', { name: 'Mobiles' });
    expect(link).toHaveAttribute('href', `/items?categoryId=${CATEGORIES[0].id}`);
    expect(within(link.closest('tr') as HTMLElement).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('2 categories')).toBeInTheDocument();
  });

  it('adds a category with the Create Item Category modal', async () => {
    const created = { id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000c5', catagory: 'Tablets' };
    jest
      .spyOn(itemApi, 'categories')
      .mockResolvedValueOnce([])
      .mockResolvedValue([...CATEGORIES, { ...created, itemCount: 0 }]);
    jest.spyOn(itemApi, 'createCategory').mockResolvedValue(created);
    const user = setupUser();
    renderScreen(<ItemCategoriesPage />, { path: '/create-category' });
    await user.click(await screen.findByRole('button', { name: /Add Category/ }));
    const modal = await screen.findByRole('dialog');
    await user.type(within(modal).getByLabelText('Category Name'), 'Tablets');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('link', { name: 'Tablets' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
