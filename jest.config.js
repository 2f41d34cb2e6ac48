/** Every test file gets its own database cloned from a migrated template (tests/support/global-setup.ts). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
    // @cosmjs/crypto and @cosmjs/encoding use the ESM-only @noble and @scure packages: compile those to CommonJS.
    '/node_modules/@(noble|scure)/.+\\.js$': ['ts-jest', { diagnostics: false, isolatedModules: true, tsconfig: { allowJs: true, module: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@noble/|@scure/)'],
  globalSetup: '<rootDir>/tests/support/global-setup.ts',
  globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
