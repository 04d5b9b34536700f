/**
 * The single sign-on link into the companion product (part 1 §7): its token route, with the page
 * to come back to.
 */
export function companionLink(companionUrl: string, accessToken: string, backUrl: string): string {
  const base = companionUrl.replace(/\/+$/, '');
  return `${base}/auth/token/${encodeURIComponent(accessToken)}?back_url=${encodeURIComponent(backUrl)}`;
}
