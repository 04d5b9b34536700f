/** The contract's longest email address. */
export const MAX_EMAIL_LENGTH = 254;

/** A standard email pattern: something, an @, a domain with a dot (spec part 1 §5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a form says of an email that is not one (spec part 1 §5, §8). */
export const INVALID_EMAIL_MESSAGE = 'Please Enter Valid Email';

/** Whether the text, spaces around it aside, is an email address the server takes: the support form's and the referral programme's. */
export function isEmailAddress(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(trimmed);
}
