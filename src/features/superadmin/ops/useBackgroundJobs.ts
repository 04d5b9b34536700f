import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../../api/client';
import { JOBS_POLL_MS, jobsUnderWay, loadJobs, retryJob, type JobsFilters, type RetryOutcome } from './jobs';
import type { Loaded, Task, TasksList } from './loadOps';

export interface BackgroundJobs {
  /** null until the first answer for these filters. */
  result: Loaded<TasksList> | null;
  /** A newer answer is on its way because the filters changed or after a retry (a poll goes unseen). */
  refreshing: boolean;
  /** The tasks whose retry is being asked for. */
  retrying: ReadonlySet<number>;
  retry(task: Task): Promise<RetryOutcome>;
  reload(): void;
}

/**
 * The background tasks page's data: loaded for the filters, asked again every JOBS_POLL_MS while a
 * task or a robot run is under way, and after a retry. Only the newest answer is shown.
 */
export function useBackgroundJobs(api: ApiClient, filters: JobsFilters): BackgroundJobs {
  const [result, setResult] = useState<Loaded<TasksList> | null>(null);
  const [refreshing, setRefreshing] = useState(true);
  const [retrying, setRetrying] = useState<ReadonlySet<number>>(new Set());
  const [reloads, setReloads] = useState(0);
  const { status, page, perPage } = filters;
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    const key = JSON.stringify({ status, page, perPage });
    if (shownFor.current !== key) setResult(null);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setRefreshing(true);
    const load = async () => {
      const answer = await loadJobs(api, { status, page, perPage }, controller.signal).catch(() => null);
      if (controller.signal.aborted || !answer) return;
      shownFor.current = key;
      setResult(answer);
      setRefreshing(false);
      if (answer.kind === 'loaded' && jobsUnderWay(answer.data)) timer = setTimeout(load, JOBS_POLL_MS);
    };
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, status, page, perPage, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const retry = useCallback(
    async (task: Task) => {
      setRetrying((ids) => new Set(ids).add(task.id));
      const outcome = await retryJob(api, task.id);
      setRetrying((ids) => {
        const next = new Set(ids);
        next.delete(task.id);
        return next;
      });
      reload();
      return outcome;
    },
    [api, reload],
  );

  return { result, refreshing, retrying, retry, reload };
}
