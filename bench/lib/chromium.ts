// Headless Chromium as the e2e suite launches it: Debian's /usr/bin/chromium, no network chatter of its own.
import { chromium, type Browser } from 'playwright-core';
import { onCleanup } from './common';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A fresh browser: playwright gives every launch a new temporary user-data dir, and every `browser.newContext()`
 * is a new incognito-like profile with an empty HTTP cache. Closed by the run's cleanup if the caller fails.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const remove = onCleanup('close chromium', () => browser.close());
  browser.on('disconnected', remove);
  return browser;
}
