import { authPath, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps an in-app path with its query', () => {
    expect(safeNextPath('/store-branch?q=pune')).toBe('/store-branch?q=pune');
  });
  it('refuses other sites and the login pages themselves', () => {
    expect(safeNextPath('//evil.example/x')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath('/login?next=/x')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });
});

describe('authPath', () => {
  it('carries where to return between sign-in and sign-up', () => {
    expect(authPath('/signup', '/parties')).toBe('/signup?next=%2Fparties');
    expect(authPath('/login', '/')).toBe('/login');
    expect(authPath('/login', null)).toBe('/login');
  });
});
