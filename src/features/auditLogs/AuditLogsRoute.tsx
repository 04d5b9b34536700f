import { useState } from 'react';
import { useLoaderData, useLocation, useNavigation } from 'react-router-dom';
import type { ApiClient } from '../../api/client';
import type { MemberMatch } from '../../api/memberSearch';
import { useListQuery } from '../../ui/useListQuery';
import { useMemberSearch } from '../../ui/useMemberSearch';
import { AUDIT_LOG_QUERY_DEFAULTS, kindsParam, readAuditLogFilters, type AuditLogFilters } from './auditLogFilters';
import { AuditLogsPage } from './AuditLogsPage';
import type { AuditLogsResult } from './loadAuditLogs';

export interface AuditLogsLoaderData {
  groupId: number;
  filters: AuditLogFilters;
  result: AuditLogsResult;
  selectedMember: MemberMatch | null;
}

export function AuditLogsRoute({ api }: { api: ApiClient }) {
  const { groupId, result, selectedMember } = useLoaderData() as AuditLogsLoaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const list = useListQuery({ defaults: AUDIT_LOG_QUERY_DEFAULTS });
  const [picked, setPicked] = useState<MemberMatch | null>(null);
  const memberSearch = useMemberSearch(api, groupId);
  const reloading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  // The controls answer at once: they show the query, while the table waits for its data.
  const filters = readAuditLogFilters(new URLSearchParams(list.query));

  const shownMember = [picked, selectedMember].find((member) => member !== null && member.id === filters.memberId) ?? null;

  return (
    <AuditLogsPage
      filters={filters}
      result={reloading ? null : result}
      kindsInLog={result.kind === 'loaded' ? result.kinds : []}
      selectedMember={shownMember}
      memberSuggestions={memberSearch.suggestions}
      onMemberSearch={memberSearch.search}
      onMemberChange={(member) => {
        setPicked(member);
        list.setFilter('member_id', member ? String(member.id) : '');
      }}
      onKindsChange={(kinds) => list.setFilter('kind', kindsParam(kinds))}
      onReset={list.reset}
      onPageChange={list.changePage}
    />
  );
}
