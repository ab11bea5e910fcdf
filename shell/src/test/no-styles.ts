// Stands in for every imported stylesheet in tests (see jest.config.cjs).
export {};
