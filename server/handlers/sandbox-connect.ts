import { completeSandboxOnboarding, connectionsPageUrl, sandboxConnectingGroup } from '../domain/payment-account';
import { notFound } from '../http/errors';
import { paymentAccountView, requestOrigin } from './payment-account';
import type { HandlerContext, HandlerGroup } from './types';

/** The page's own files, served with the app (public/sandbox-connect/); the policy allows no inline script. */
const PAGE_FILES = '/sandbox-connect';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

/** The sandbox's stand-in for Stripe Connect's onboarding: one button that completes it. */
export function sandboxConnectPage(page: { groupId: number; state: string; groupName: string; companyName: string | null }): string {
  const company = page.companyName ? `<p>Account: <strong>${escapeHtml(page.companyName)}</strong></p>` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="${PAGE_FILES}/connect.css" />
    <title>Stripe Connect (sandbox)</title>
  </head>
  <body>
    <p class="connect-brand">Stripe Connect <span class="connect-brand__tag">sandbox</span></p>
    <main class="connect" data-group-id="${page.groupId}" data-state="${escapeHtml(page.state)}">
      <h1>Connect your payment account</h1>
      <p>xFilter asks to connect a payment account to the group <strong>${escapeHtml(page.groupName)}</strong>, to match its paying customers to the group's members.</p>
      ${company}
      <p>This is the sandbox: no real account, no real money. Finishing here completes onboarding and creates sample customers.</p>
      <p><button type="button" class="connect__button" id="connect-complete">Complete onboarding</button></p>
      <p role="status" id="connect-status"></p>
    </main>
    <script type="module" src="${PAGE_FILES}/connect.js"></script>
  </body>
</html>
`;
}

export function sandboxConnectHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async getSandboxConnectPage(request, reply) {
      const { group_id: groupId, state } = request.query;
      const group = await sandboxConnectingGroup(db, groupId, state);
      if (!group) throw notFound('No account is being connected with this state');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(sandboxConnectPage({ groupId, state, groupName: group.name, companyName: group.companyName }));
    },

    async completeSandboxConnect(request) {
      const { group_id: groupId, state } = request.body;
      const completed = await completeSandboxOnboarding(db, { groupId, state, now: now() });
      if (!completed) throw notFound('No account is being connected with this state');
      return { account: paymentAccountView(completed.account), return_url: connectionsPageUrl(requestOrigin(request), completed.fbGroupId).returnUrl };
    },
  };
}
