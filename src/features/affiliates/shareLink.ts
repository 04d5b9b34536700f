/** The social network's share dialog for the referral link. */
export function shareUrlOf(link: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`;
}
