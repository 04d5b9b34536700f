import { describe, expect, it } from 'vitest';
import { toSearchParams } from '../../../machines/listQuery/query';
import { chartQueryDefaults, readChartRanges, serverDefaultRange, shownRange } from '../../../src/features/dashboard/chartFilters';
import { activitiesChart } from '../../../src/features/dashboard/fixtures';

describe('chart ranges in the address', () => {
  it('leaves both charts to the server defaults when the address says nothing, and the defaults write nothing back', () => {
    expect(readChartRanges(new URLSearchParams())).toEqual({ members: { from: null, to: null }, activities: { from: null, to: null } });
    const defaults = chartQueryDefaults('members');
    expect(toSearchParams(defaults, defaults).toString()).toBe('');
    expect(toSearchParams({ ...defaults, members_to: '2026-03-01' }, defaults).toString()).toBe('members_to=2026-03-01');
  });

  it('reads each chart’s own ends', () => {
    const query = 'members_from=2026-01-05&activities_from=2026-03-01&activities_to=2026-03-30';
    expect(readChartRanges(new URLSearchParams(query))).toEqual({
      members: { from: '2026-01-05', to: null },
      activities: { from: '2026-03-01', to: '2026-03-30' },
    });
  });

  it('ignores dates it cannot read and a range out of order', () => {
    expect(readChartRanges(new URLSearchParams('members_from=yesterday&activities_from=2026-03-30&activities_to=2026-03-01'))).toEqual({
      members: { from: null, to: null },
      activities: { from: null, to: null },
    });
  });
});

describe('the range a chart shows', () => {
  it('is the server’s default when nothing is picked: 12 weeks of members, 30 days of activities, up to today', () => {
    const open = { from: null, to: null };
    expect(serverDefaultRange('members', open, '2026-03-29')).toEqual({ from: '2026-01-05', to: '2026-03-29' });
    expect(serverDefaultRange('activities', open, '2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30' });
  });

  it('counts back from a picked to, and ends at a future from', () => {
    expect(serverDefaultRange('activities', { from: null, to: '2026-02-28' }, '2026-03-30')).toEqual({ from: '2026-01-30', to: '2026-02-28' });
    expect(serverDefaultRange('members', { from: '2026-05-01', to: null }, '2026-03-30')).toEqual({ from: '2026-05-01', to: '2026-05-01' });
  });

  it('is the range the server answered for when there is an answer', () => {
    const open = { from: null, to: null };
    expect(shownRange('activities', open, { kind: 'loaded', chart: activitiesChart }, '2027-01-01')).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(shownRange('activities', open, { kind: 'failed', reason: 'down' }, '2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30' });
  });
});
