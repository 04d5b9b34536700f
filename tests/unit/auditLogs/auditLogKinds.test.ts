import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_KIND_LABELS, AUDIT_LOG_KINDS, describeAuditLog, isAuditLogKind } from '../../../src/ui/auditLogKinds';

/** The kinds as the contract lists them, read from the generated types so a new kind fails here. */
function contractKinds(): string[] {
  const schema = readFileSync(new URL('../../../src/api/schema.d.ts', import.meta.url), 'utf8');
  const union = /AuditLogKind: ([^;]+);/.exec(schema)?.[1] ?? '';
  return [...union.matchAll(/"([a-z_]+)"/g)].map((match) => match[1]!);
}

describe('audit log kinds', () => {
  it('labels every kind of the contract and no other', () => {
    expect(contractKinds().length).toBeGreaterThan(0);
    expect([...AUDIT_LOG_KINDS].sort()).toEqual(contractKinds().sort());
  });

  it('gives every kind a title-cased label', () => {
    for (const label of Object.values(AUDIT_LOG_KIND_LABELS)) {
      expect(label).toMatch(/^([A-Z][a-z]*)( [A-Z][a-z]*)*$/);
    }
    expect(AUDIT_LOG_KIND_LABELS.sign_in).toBe('Sign In');
    expect(AUDIT_LOG_KIND_LABELS.subscription_cancel).toBe('Subscription Cancel');
  });

  it('knows a kind from any other text', () => {
    expect(isAuditLogKind('members_scan')).toBe(true);
    expect(isAuditLogKind('toString')).toBe(false);
  });
});

describe('describeAuditLog', () => {
  it('shows the label alone', () => {
    expect(describeAuditLog({ kind: 'group_acquired', data: {} })).toBe('Group Acquired');
  });

  it("adds 'via {ip}' when the ip is known", () => {
    expect(describeAuditLog({ kind: 'sign_in', data: { ip: '203.0.113.9' } })).toBe('Sign In via 203.0.113.9');
  });

  it('says what changed', () => {
    expect(
      describeAuditLog({ kind: 'member_role_updated', data: { diff: { role: ['subscriber', 'admin'] }, ip: '198.51.100.2' } }),
    ).toBe('Member Role Updated: role from subscriber to admin via 198.51.100.2');
    expect(describeAuditLog({ kind: 'settings_updated', data: { diff: { posts_back: [null, 10] } } })).toBe(
      'Settings Updated: posts back from none to 10',
    );
  });
});
