/** A standard email pattern: something, an @, a domain with a dot (spec part 1 §5, referral email). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contract's longest email. */
const MAX_EMAIL_LENGTH = 254;

export const INVALID_EMAIL_MESSAGE = 'Please Enter Valid Email';

/** Whether the referral email box holds an email the programme can be enabled with. */
export function isValidReferralEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(trimmed);
}
