import { describe, expect, it } from 'vitest';
import { isNewerVersion } from '../../../machines/versionCheck/versionOrder';

describe('isNewerVersion', () => {
  it.each([
    ['1.5.0', '1.4.0', true],
    ['1.10.0', '1.9.3', true],
    ['2.0', '1.99.99', true],
    ['1.4.1', '1.4', true],
    ['v1.5.0', '1.4.0', true],
    ['1.4.0', '1.4.0', false],
    ['1.4', '1.4.0', false],
    ['1.3.9', '1.4.0', false],
    [null, '1.4.0', false],
    ['1.5.0', null, false],
  ] as const)('%s newer than %s: %s', (candidate, current, expected) => {
    expect(isNewerVersion(candidate, current)).toBe(expected);
  });
});
