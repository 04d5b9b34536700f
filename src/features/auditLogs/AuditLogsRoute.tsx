import { useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import type { ApiClient } from '../../api/client';
import { DEFAULT_AUDIT_LOG_FILTERS, withAuditPage, withKinds, withMember, writeAuditLogFilters, type AuditLogFilters } from './auditLogFilters';
import { AuditLogsPage } from './AuditLogsPage';
import { searchMembers, type AuditLogsResult, type MemberMatch } from './loadAuditLogs';

export interface AuditLogsLoaderData {
  groupId: number;
  filters: AuditLogFilters;
  result: AuditLogsResult;
  selectedMember: MemberMatch | null;
}

export function AuditLogsRoute({ api }: { api: ApiClient }) {
  const { groupId, filters, result, selectedMember } = useLoaderData() as AuditLogsLoaderData;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const [suggestions, setSuggestions] = useState<MemberMatch[]>([]);
  const [memberSearch, setMemberSearch] = useState<AbortController | null>(null);
  const reloading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;

  useEffect(() => () => memberSearch?.abort(), [memberSearch]);

  const apply = (next: AuditLogFilters) => setSearchParams(writeAuditLogFilters(next), { replace: true });

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
      selectedMember={selectedMember}
      memberSuggestions={suggestions}
      onMemberSearch={searchFor}
      onMemberChange={(member) => apply(withMember(filters, member?.id ?? null))}
      onKindsChange={(kinds) => apply(withKinds(filters, kinds))}
      onReset={() => apply(DEFAULT_AUDIT_LOG_FILTERS)}
      onPageChange={(page, perPage) => apply(withAuditPage(filters, page, perPage))}
    />
  );
}
