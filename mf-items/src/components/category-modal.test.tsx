import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, itemApi } from '@bahi/shared';
import { CreateItemCategoryModal } from './category-modal';
import { mainBranch } from '../test/fixtures';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
function renderModal() {
  const onClose = jest.fn();
  const user = setupUser();
  renderScreen(<CreateItemCategoryModal open onClose={onClose} />);
  const modal = screen.getByRole('dialog');
  return { user, onClose, modal };
}
const notifications = () =>
  Array.from(screen.getByRole('region', { name: 'Notifications alt+T' }).querySelectorAll('li')).map((li) => li.textContent);

beforeEach(() => signIn(mainBranch));
afterEach(() => {
  jest.restoreAllMocks();
});

describe('CreateItemCategoryModal (seed §2, §4, §8)', () => {
  it('is an overlay with a dimmed backdrop, a title, a close icon, "Category Name" and Cancel and Add', () => {
    const { modal } = renderModal();
    expect(within(modal).getByText('Create Item Category')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const input = within(modal).getByLabelText('Category Name');
    expect(input).toHaveAttribute('placeholder', 'Ex: Electronics');
    expect(within(modal).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Add' })).toBeInTheDocument();
    const mask = document.querySelector('.ant-modal-mask') as HTMLElement;
    expect(mask).toBeInTheDocument();
    expect(mask.style.backgroundColor).toBe('rgba(0, 0, 0, 0.55)');
  });

  it('alerts "Category name is required" for an empty name and sends nothing', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    const create = jest.spyOn(itemApi, 'createCategory');
    const { user, modal, onClose } = renderModal();
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    await user.type(within(modal).getByLabelText('Category Name'), '   ');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(alert).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenCalledWith('Category name is required');
    expect(create).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('creates the category, says so and returns it', async () => {
    const created = { id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000c7', catagory: 'Electronics' };
    const create = jest.spyOn(itemApi, 'createCategory').mockResolvedValue(created);
    const { user, modal, onClose } = renderModal();
    await user.type(within(modal).getByLabelText('Category Name'), '  Electronics ');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(created));
    expect(create).toHaveBeenCalledWith({ catagory: 'Electronics' });
    expect(notifications()).toEqual(['Item category created successfully']);
  });

  it('on failure logs the error, shows the server’s message and stays open', async () => {
    const failure = new ApiError({ status: 409, message: 'x', body: { success: false, message: 'An item category named Electronics already exists' } });
    jest.spyOn(itemApi, 'createCategory').mockRejectedValue(failure);
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, modal, onClose } = renderModal();
    await user.type(within(modal).getByLabelText('Category Name'), 'Electronics');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(notifications()).toEqual(['An item category named Electronics already exists']));
    expect(log).toHaveBeenCalledWith(failure);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Cancel and the close icon close it without a value', async () => {
    const { user, modal, onClose } = renderModal();
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    for (const call of onClose.mock.calls) expect(call).toEqual([]);
  });
});
