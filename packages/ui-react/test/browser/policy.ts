import type { Page } from 'playwright-core';
import { policyText, type PolicyDirective } from '../../content-security-policy.js';

/** A `securitypolicyviolation` event, or a console message about the policy, as the page saw it. */
export interface PolicyViolation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    gportalPolicyViolations?: PolicyViolation[];
  }
}

/**
 * Collects every content security policy violation of the page from its first script on: the
 * `securitypolicyviolation` events (an init script, which Playwright runs outside the policy),
 * and console messages about the policy (a directive the meta tag cannot carry is only logged).
 * The returned function reads what was collected so far.
 */
export async function collectPolicyViolations(page: Page): Promise<() => Promise<PolicyViolation[]>> {
  const logged: PolicyViolation[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) logged.push({ directive: 'console', blocked: message.text(), source: message.location().url });
  });
  await page.addInitScript(() => {
    window.gportalPolicyViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.gportalPolicyViolations?.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  return async () => [...(await page.evaluate(() => window.gportalPolicyViolations ?? [])), ...logged];
}

/**
 * Serves the app's `index.html` with sources added to its policy, as the README's deployment
 * notes tell a site whose map server or tiles sit on another origin to do.
 */
export async function serveAppWithPolicy(page: Page, baseUrl: string, extra: Partial<Record<PolicyDirective, readonly string[]>>): Promise<void> {
  // A page whose document the test answers has no address, so Chromium takes it for a public
  // site and asks before it reaches 127.0.0.1 (local network access): the site's permission.
  await page.context().grantPermissions(['local-network-access'], { origin: new URL(baseUrl).origin });
  await page.route(
    (url) => url.origin === new URL(baseUrl).origin,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      const edited = html.replace(`content="${policyText()}"`, `content="${policyText(extra)}"`);
      if (edited === html) throw new Error("the app's index.html does not carry the policy of content-security-policy.ts");
      await route.fulfill({ response, body: edited });
    },
  );
}
