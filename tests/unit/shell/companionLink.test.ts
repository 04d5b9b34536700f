import { describe, expect, it } from 'vitest';
import { companionLink } from '../../../src/app/shell/companionLink';

describe('companionLink', () => {
  it('opens the token route with the current page as back_url', () => {
    expect(companionLink('https://friendfilter.example', 'tok123', 'https://app.xfilter.example/1402/members?page=2')).toBe(
      'https://friendfilter.example/auth/token/tok123?back_url=https%3A%2F%2Fapp.xfilter.example%2F1402%2Fmembers%3Fpage%3D2',
    );
  });

  it('does not double the slash after a base URL that ends in one', () => {
    expect(companionLink('https://friendfilter.example/', 'tok', 'https://x.example/')).toMatch(
      /^https:\/\/friendfilter\.example\/auth\/token\/tok\?/,
    );
  });

  it('escapes a token that is not URL-safe', () => {
    expect(companionLink('https://friendfilter.example', 'a/b+c', 'https://x.example/')).toContain('/auth/token/a%2Fb%2Bc?');
  });
});
