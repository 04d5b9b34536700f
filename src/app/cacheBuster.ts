/** The same page with `v=<version>`, so the browser fetches the new build's index.html instead of a cached one. */
export function withCacheBuster(href: string, version: string): string {
  const url = new URL(href);
  url.searchParams.set('v', version);
  return url.toString();
}
