import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../../rules/email';

describe('an email address, for the support form and the referral programme (spec part 1 §5)', () => {
  it.each(['ada@example.com', '  ada.admin+groups@mail.example.org  ', `${'a'.repeat(242)}@example.com`])('takes %s', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });

  it.each(['', 'ada', 'ada@example', '@example.com', 'ada@@example.com', 'ada @example.com', `${'a'.repeat(243)}@example.com`])('refuses %j', (email) => {
    expect(isEmailAddress(email)).toBe(false);
  });
});
