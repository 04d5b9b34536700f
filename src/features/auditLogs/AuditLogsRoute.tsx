import { useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigation } from 'react-router-dom';
import type { ApiClient } from '../../api/client';
import { useListQuery } from '../../ui/useListQuery';
import { AUDIT_LOG_QUERY_DEFAULTS, kindsParam, readAuditLogFilters, type AuditLogFilters } from './auditLogFilters';
import { AuditLogsPage } from './AuditLogsPage';
import { searchMembers, type AuditLogsResult, type MemberMatch } from './loadAuditLogs';

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
  const [suggestions, setSuggestions] = useState<MemberMatch[]>([]);
  const [memberSearch, setMemberSearch] = useState<AbortController | null>(null);
  const reloading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  // The controls answer at once: they show the query, while the table waits for its data.
  const filters = readAuditLogFilters(new URLSearchParams(list.query));

  const shownMember = [picked, selectedMember].find((member) => member !== null && member.id === filters.memberId) ?? null;

  useEffect(() => () => memberSearch?.abort(), [memberSearch]);

  const searchFor = (text: string) => {
    const controller = new AbortController();
    setMemberSearch(controller);
    void searchMembers(api, groupId, text, controller.signal).then((matches) => {
      if (!controller.signal.aborted) setSuggestions(matches);
    });
  };

  return (
    <AuditLogsPage
      filters={filters}
      result={reloading ? null : result}
      kindsInLog={result.kind === 'loaded' ? result.kinds : []}
      selectedMember={shownMember}
      memberSuggestions={suggestions}
      onMemberSearch={searchFor}
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
