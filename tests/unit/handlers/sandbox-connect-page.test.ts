import { describe, expect, it } from 'vitest';
import { sandboxConnectPage } from '../../../server/handlers/sandbox-connect';

describe('the sandbox Connect page', () => {
  it("names the group and the account, escaped, and carries the group and state for its script, which is a file of its own", () => {
    const html = sandboxConnectPage({ groupId: 42, state: 'sandbox_acct_"x"', groupName: '<b>Cats & "Dogs"</b>', companyName: "O'Hare <Ltd>" });
    expect(html).toContain('<title>Stripe Connect (sandbox)</title>');
    expect(html).toContain('&lt;b&gt;Cats &amp; &quot;Dogs&quot;&lt;/b&gt;');
    expect(html).toContain('O&#39;Hare &lt;Ltd&gt;');
    expect(html).toContain('data-group-id="42" data-state="sandbox_acct_&quot;x&quot;"');
    expect(html).not.toContain('<b>Cats');
    expect(html).toMatch(/<script type="module" src="\/sandbox-connect\/connect\.js"><\/script>/);
    expect(html).toContain('<button type="button" class="connect__button" id="connect-complete">Complete onboarding</button>');
  });
});
