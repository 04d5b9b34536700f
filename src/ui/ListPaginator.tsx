import { Paginator } from './Paginator';
import { useMediaQuery } from './useMediaQuery';
import './listPaginator.css';

export interface ListPaginatorProps {
  page: number;
  perPage: number;
  total: number;
  perPageOptions: readonly number[];
  onPageChange(page: number, perPage: number): void;
  className?: string;
}

const PER_PAGE_HINT = 'Change items per page';
/** Where fifteen page links no longer fit on one line, five do. */
const NARROW_SCREEN = '(max-width: 700px)';

/**
 * The lists' pagination bar: up to 15 page links (5 on a phone) and a per-page dropdown (spec part 1 §9,
 * part 2 §9). Pages count from 1. An empty list has no bar.
 */
export function ListPaginator({ page, perPage, total, perPageOptions, onPageChange, className }: ListPaginatorProps) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  if (total === 0) return null;
  return (
    <Paginator
      className={['list-paginator', className].filter(Boolean).join(' ')}
      first={(page - 1) * perPage}
      rows={perPage}
      totalRecords={total}
      rowsPerPageOptions={[...perPageOptions]}
      pageLinkSize={narrow ? 5 : 15}
      onPageChange={(event) => {
        // A click on the page already shown reports it again: only a change counts.
        if (event.page + 1 !== page || event.rows !== perPage) onPageChange(event.page + 1, event.rows);
      }}
      perPageLabel={PER_PAGE_HINT}
    />
  );
}
