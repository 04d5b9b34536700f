import { describe, expect, it } from 'vitest';
import { SANDBOX_CONNECTED_GROUPS } from '../../../server/sandbox/connected-groups';
import { groupRobotJobs } from '../../../server/sandbox/seed-history';
import type { SeedIds } from '../../../server/sandbox/seed-ids';
import { scanConnectedGroup } from '../../../server/sandbox/seed-scan';
import { createSandboxWorld } from '../../../server/sandbox/world';
import { TEST_NOW } from './world-fixture';

const ids = { group: () => 1, user: () => 1 } as unknown as SeedIds;

describe("the seeded groups' last scans, at full size", () => {
  // Sync Engagements runs after Sync Members: had it started before the members scan finished, the
  // robot would find it due again the moment anyone signs in.
  it('start the engagements scan after the members scan has finished', () => {
    const world = createSandboxWorld({ seed: 7, scale: 1, now: TEST_NOW });
    for (const definition of SANDBOX_CONNECTED_GROUPS) {
      const layout = world.groups.find((candidate) => candidate.definition.key === definition.key)!;
      const [members, posts] = groupRobotJobs(scanConnectedGroup(world, layout, definition), ids);
      expect(members!.name).toBe('fetch_group_members');
      expect(posts!.name).toBe('fetch_group_posts');
      expect(posts!.started_at!.getTime(), definition.key).toBeGreaterThan(members!.finished_at!.getTime());
    }
  });
});
