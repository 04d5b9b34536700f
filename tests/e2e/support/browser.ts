import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../support/chromium';

export const SCREENSHOT_DIR = new URL('../../../test-results/screenshots/', import.meta.url).pathname;

export function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium was not found: set CHROME_PATH or install Debian chromium');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

const cspViolations: string[] = [];

/**
 * The Content-Security-Policy violations of every page `openPage` opened since the last call, and
 * forgets them: the e2e project's setup (csp-guard.ts) expects none after each test.
 */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * A fresh context and page; console errors are collected so a test can assert there were none, and
 * whatever the server's Content-Security-Policy blocks on the page (a script, style, image, frame or
 * connection: a `securitypolicyviolation` event) is kept for `takeCspViolations`.
 */
export async function openPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 } });
  await context.exposeFunction('reportCspViolation', (report: string) => cspViolations.push(report));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (report: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}
