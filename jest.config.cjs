// Every unit and component suite of the workspace; the API suite runs separately (it needs a database).
module.exports = {
  projects: ['shared', 'shell', 'mf-parties', 'mf-items', 'mf-sales', 'mf-purchases', 'mf-reports', 'mf-branches'].map(
    (p) => `<rootDir>/${p}/jest.config.cjs`,
  ),
};
