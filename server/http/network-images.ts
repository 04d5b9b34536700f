/**
 * Where the social network serves its images from. An image URL a client reports is kept only
 * when it points there (or is one of our own paths), and the Content-Security-Policy lets the
 * app load images from these hosts and from itself, nowhere else.
 */
export const NETWORK_IMAGE_HOST_SUFFIXES = ['.fbcdn.net', '.fbsbx.com'] as const;

/** The hosts as CSP sources: `https://*.fbcdn.net https://*.fbsbx.com`. */
export const NETWORK_IMAGE_SOURCES = NETWORK_IMAGE_HOST_SUFFIXES.map((suffix) => `https://*${suffix}`);

/** True for an https URL on one of the network's image hosts. */
export function isNetworkImageUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && NETWORK_IMAGE_HOST_SUFFIXES.some((suffix) => parsed.hostname.endsWith(suffix));
}
