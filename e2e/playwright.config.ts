import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';

// The composed product (API + shell + every remote) built for production and served by one process, as `start` does.
const PORT = Number(process.env.E2E_PORT ?? 8181);
// Workers evaluate this file again: they inherit the run directory the main process made.
const RUN_DIR = process.env.BAHI_E2E_RUN_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-e2e-'));
process.env.BAHI_E2E_RUN_DIR = RUN_DIR;
const OUTBOX = path.join(RUN_DIR, 'otp-outbox.jsonl');
process.env.BAHI_E2E_OUTBOX = OUTBOX;
const ROOT = path.resolve(__dirname, '..');

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  outputDir: path.join(ROOT, 'test-results', 'e2e-artifacts'),
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `"${path.join(ROOT, 'node_modules', '.bin', 'tsx')}" "${path.join(ROOT, 'api', 'src', 'main.ts')}"`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    env: {
      NODE_ENV: 'production',
      SERVE_APPS: '1',
      APPS_ROOT: ROOT,
      PORT: String(PORT),
      DATA_DIR: path.join(RUN_DIR, 'data'),
      OTP_SENDER: 'outbox',
      OTP_OUTBOX: OUTBOX,
      OTP_RESEND_INTERVAL_SECONDS: '1',
      OTP_MAX_SENDS_PER_HOUR: '1000',
      OTP_MAX_SENDS_PER_PHONE: '1000',
      // Every test signs up from 127.0.0.1.
      OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  },
});
