import type { AuditLog } from '../../ui/auditLogKinds';
import type { MemberMatch } from '../../api/memberSearch';

const ada = { id: 11, name: 'Ada Runner', avatar_url: null };

export const sampleAuditLogs: AuditLog[] = [
  { id: 1, kind: 'sign_in', member_id: null, created_at: '2026-03-01T15:05:00Z', data: { ip: '203.0.113.9' } },
  {
    id: 2,
    kind: 'member_role_updated',
    member_id: 11,
    member: ada,
    created_at: '2026-03-02T08:30:00Z',
    data: { diff: { role: ['subscriber', 'admin'] } },
  },
  { id: 3, kind: 'members_scan', member_id: null, created_at: '2026-03-03T21:45:00Z', data: {} },
  { id: 4, kind: 'members_whitelisted', member_id: 11, member: ada, created_at: '2026-03-04T10:00:00Z', data: { ip: '198.51.100.2' } },
];

export const sampleMembers: MemberMatch[] = [
  { id: 11, name: 'Ada Runner', avatar_url: null, description: '100001' },
  { id: 12, name: 'Adam Hill', avatar_url: null, description: '100002' },
];
