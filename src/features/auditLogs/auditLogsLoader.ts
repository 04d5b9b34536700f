import type { ApiClient } from '../../api/client';
import { readAuditLogFilters } from './auditLogFilters';
import type { AuditLogsLoaderData } from './AuditLogsRoute';
import { findMember } from '../../api/memberSearch';
import { loadAuditLogs } from './loadAuditLogs';

/** The audit log route's data: filters from the address, the records they select and the chosen member's name. */
export async function auditLogsLoaderData(api: ApiClient, group: { id: number }, request: Request): Promise<AuditLogsLoaderData> {
  const filters = readAuditLogFilters(new URL(request.url).searchParams);
  const [result, selectedMember] = await Promise.all([
    loadAuditLogs(api, group.id, filters, request.signal),
    filters.memberId !== null ? findMember(api, group.id, filters.memberId, request.signal) : Promise.resolve(null),
  ]);
  const shownMember =
    filters.memberId !== null ? (selectedMember ?? { id: filters.memberId, name: `Member #${filters.memberId}`, avatar_url: null, description: null }) : null;
  return { groupId: group.id, filters, result, selectedMember: shownMember };
}
