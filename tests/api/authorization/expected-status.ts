import type { ContractOperation } from '../../../server/http/contract';
import type { Role } from '../support/roles';

/** What each role gets from an operation, following docs/CONVENTIONS.md; `allowed` is the answer of a permitted call. */
export function expectedStatus(operation: ContractOperation, role: Role, allowed: number): number {
  if (!operation.secured) return allowed;
  if (role === 'anonymous') return 401;
  if (role === 'banned') return operation.access === 'session' ? allowed : 403;
  switch (operation.access) {
    case 'groupAdmin':
      return role === 'groupAdmin' ? allowed : 404;
    case 'supervisor':
      return role === 'supervisor' ? allowed : 404;
    default:
      return allowed;
  }
}
