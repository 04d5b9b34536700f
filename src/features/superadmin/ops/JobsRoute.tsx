import type { ApiClient } from '../../../api/client';
import { useListQuery } from '../../../ui/useListQuery';
import { useToast } from '../../../ui/toast';
import { JOBS_QUERY_DEFAULTS, readJobsFilters } from './jobs';
import { JobsPage } from './JobsPage';
import { useBackgroundJobs } from './useBackgroundJobs';

/** /superadmin/sidekiq: the background tasks by the status in the address, asked again while any is under way. */
export function JobsRoute({ api }: { api: ApiClient }) {
  const list = useListQuery({ defaults: JOBS_QUERY_DEFAULTS });
  const filters = readJobsFilters(list.query);
  const jobs = useBackgroundJobs(api, filters);
  const showToast = useToast();
  return (
    <JobsPage
      filters={filters}
      result={jobs.result}
      loading={jobs.refreshing && jobs.result !== null}
      retrying={jobs.retrying}
      onStatusChange={(status) => list.setFilter('status', status ?? '')}
      onPageChange={list.changePage}
      onRetry={async (task) => {
        const outcome = await jobs.retry(task);
        if (outcome.kind === 'queued') showToast({ message: `Task #${task.id} is queued again.`, variant: 'success' });
        else showToast({ title: 'Retry refused', message: outcome.reason, variant: 'danger' });
      }}
    />
  );
}
