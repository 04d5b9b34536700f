import { describe, expect, it } from 'vitest';
import { withCacheBuster } from '../../../src/app/cacheBuster';

describe('withCacheBuster', () => {
  it('keeps the page and its query and adds the version', () => {
    expect(withCacheBuster('https://app.xfilter.test/42/members?list=active#top', '1.5.0')).toBe(
      'https://app.xfilter.test/42/members?list=active&v=1.5.0#top',
    );
  });

  it('replaces the version of an earlier reload', () => {
    expect(withCacheBuster('https://app.xfilter.test/?v=1.4.0', '1.5.0')).toBe('https://app.xfilter.test/?v=1.5.0');
  });
});
