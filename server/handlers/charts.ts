import { readGroupChart } from '../domain/group-charts';
import { ApiError } from '../http/errors';
import type { HandlerContext, HandlerGroup } from './types';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 3660;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export function chartsHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async getGroupChart(request) {
      const { id, kind } = request.params;
      const query = request.query;
      const today = isoDay(now().getTime());
      const to = query.to ?? (query.from && query.from > today ? query.from : today);
      const from = query.from ?? isoDay(Date.parse(to) - (kind === 'members' ? 12 * 7 - 1 : 30 - 1) * DAY_MS);
      const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
      if (span < 0) throw new ApiError('bad_request', 'from must not be after to', { field: 'from' });
      if (span > MAX_RANGE_DAYS) throw new ApiError('bad_request', `The range may span at most ${MAX_RANGE_DAYS} days`, { field: 'from' });
      return { from, to, datasets: await readGroupChart(db, id, kind, { from, to, today }) };
    },
  };
}
