import { describe, expect, it } from 'vitest';
import { allGroups, annualGroup, freeGroup, lockedGroup, monthlyGroup } from '../../../src/app/shell/fixtures';
import { filterGroups } from '../../../src/app/shell/filterGroups';

const names = (groups: { name: string }[]) => groups.map((group) => group.name);

describe('filterGroups', () => {
  it('keeps every group, in order, while nothing is typed', () => {
    expect(filterGroups(allGroups, '', freeGroup.id)).toEqual(allGroups);
    expect(filterGroups(allGroups, '   ', undefined)).toEqual(allGroups);
  });

  it('matches the name whatever the case', () => {
    expect(names(filterGroups(allGroups, 'SOURDOUGH', undefined))).toEqual([monthlyGroup.name]);
    expect(names(filterGroups(allGroups, 'synth coll', undefined))).toEqual([annualGroup.name]);
  });

  it('matches the social-network group id', () => {
    expect(filterGroups(allGroups, '55902133', undefined)).toEqual([lockedGroup]);
  });

  it('matches the slug, and skips groups that have none', () => {
    expect(filterGroups(allGroups, 'indie-game', undefined)).toEqual([lockedGroup]);
    expect(filterGroups([annualGroup], 'null', undefined)).toEqual([]);
  });

  it('always keeps the highlighted group, in its place', () => {
    expect(names(filterGroups(allGroups, 'sourdough', freeGroup.id))).toEqual([freeGroup.name, monthlyGroup.name]);
    expect(filterGroups(allGroups, 'no such group', lockedGroup.id)).toEqual([lockedGroup]);
  });

  it('treats the typed text literally, not as a regular expression', () => {
    expect(filterGroups(allGroups, '.*', undefined)).toEqual([]);
    expect(filterGroups(allGroups, '(', undefined)).toEqual([]);
  });
});
