import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_KINDS } from '../../../server/db/enums';
import { loadContract } from '../../../server/http/contract';

describe('audit log kinds', () => {
  it('are the contract AuditLogKind enum, in its order', () => {
    expect([...AUDIT_LOG_KINDS]).toEqual(loadContract().components.schemas.AuditLogKind.enum);
  });
});
