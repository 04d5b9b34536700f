import { describe, expect, it } from 'vitest';
import { readChartRanges, writeChartRanges } from '../../../src/features/dashboard/chartFilters';

describe('chart ranges in the address', () => {
  it('leaves both charts to the server defaults when the address says nothing, and writes nothing back', () => {
    const ranges = readChartRanges(new URLSearchParams());
    expect(ranges).toEqual({ members: { from: null, to: null }, activities: { from: null, to: null } });
    expect(writeChartRanges(ranges).toString()).toBe('');
  });

  it('round-trips each chart’s own ends', () => {
    const query = 'members_from=2026-01-05&activities_from=2026-03-01&activities_to=2026-03-30';
    const ranges = readChartRanges(new URLSearchParams(query));
    expect(ranges).toEqual({ members: { from: '2026-01-05', to: null }, activities: { from: '2026-03-01', to: '2026-03-30' } });
    expect(writeChartRanges(ranges).toString()).toBe(query);
  });

  it('ignores dates it cannot read and a range out of order', () => {
    expect(readChartRanges(new URLSearchParams('members_from=yesterday&activities_from=2026-03-30&activities_to=2026-03-01'))).toEqual({
      members: { from: null, to: null },
      activities: { from: null, to: null },
    });
  });
});
