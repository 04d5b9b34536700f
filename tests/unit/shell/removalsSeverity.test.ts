import { describe, expect, it } from 'vitest';
import { freeRemovalsBarSeverity, groupListRemovalsSeverity, severityOfShare } from '../../../src/ui/removalsSeverity';

describe('severityOfShare', () => {
  it.each([
    [0, 'danger'],
    [0.099, 'danger'],
    [0.1, 'warning'],
    [0.299, 'warning'],
    [0.3, 'success'],
    [1, 'success'],
  ] as const)('colours a share of %s as %s', (share, severity) => {
    expect(severityOfShare(share)).toBe(severity);
  });
});

describe('freeRemovalsBarSeverity', () => {
  it('measures what is left against the free limit', () => {
    expect(freeRemovalsBarSeverity({ left: 40, limit: 50 })).toBe('success');
    expect(freeRemovalsBarSeverity({ left: 10, limit: 50 })).toBe('warning');
    expect(freeRemovalsBarSeverity({ left: 4, limit: 50 })).toBe('danger');
  });

  it('treats a zero limit as nothing left', () => {
    expect(freeRemovalsBarSeverity({ left: 0, limit: 0 })).toBe('danger');
  });
});

describe('groupListRemovalsSeverity', () => {
  it('measures what is left against 10, whatever the limit', () => {
    expect(groupListRemovalsSeverity(0)).toBe('danger');
    expect(groupListRemovalsSeverity(1)).toBe('warning');
    expect(groupListRemovalsSeverity(2)).toBe('warning');
    expect(groupListRemovalsSeverity(3)).toBe('success');
    expect(groupListRemovalsSeverity(40)).toBe('success');
  });
});
