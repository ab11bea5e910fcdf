import { act, render, screen } from '@testing-library/react';
import { Suspense, lazy } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { itemApi } from '@bahi/shared';
import { BahiProviders } from '@bahi/shared/ui';
import { area } from './area';
import { routes } from './routes';
import { mockReferenceData, mainBranch } from './test/fixtures';
import { signIn } from '@bahi/shared/testing';
afterEach(() => jest.restoreAllMocks());

describe('routes', () => {
  it('has a page for exactly the paths of the area', () => {
    expect(Object.keys(routes).sort()).toEqual([...area.routes].sort());
  });

  it('renders inside a host that wraps each route in its own React.lazy', async () => {
    signIn(mainBranch);
    mockReferenceData();
    jest.spyOn(itemApi, 'categories').mockResolvedValue([]);
    const HostLazy = lazy(async () => ({ default: routes['create-category'] }));
    await act(async () => {
      render(
        <BahiProviders>
          <MemoryRouter>
            <Suspense fallback="loading">
              <HostLazy />
            </Suspense>
          </MemoryRouter>
        </BahiProviders>,
      );
    });
    expect(await screen.findByText('Item Categories')).toBeInTheDocument();
  });
});
