// Every unit and component suite of the workspace; the API suite runs separately (it needs a database).
module.exports = {
  projects: ['shared', 'shell', 'mf-parties', 'mf-items', 'mf-sales', 'mf-purchases', 'mf-reports', 'mf-branches'].map(
    (p) => `<rootDir>/${p}/jest.config.cjs`,
  ),
  // A worker ends by itself once its last file is done (nothing is left open), but the process's own teardown
  // (freeing jsdom's and antd's heap) measured 440–520 ms on two loaded cores: past jest's default 500 ms, which then
  // kills it and reports a leak that is not there. A real leak still shows, after this long.
  workerGracefulExitTimeout: 10_000,
};
