import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../support/chromium';

export const SCREENSHOT_DIR = new URL('../../../test-results/screenshots/', import.meta.url).pathname;

export function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium was not found: set CHROME_PATH or install Debian chromium');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context and page; console errors are collected so a test can assert there were none. */
export async function openPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}
