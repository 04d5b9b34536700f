import { useEffect, useRef } from 'react';
import './paginator.css';

export interface PageState {
  /** Counted from 0. */
  page: number;
  rows: number;
}

export interface PaginatorProps {
  /** Index of the first row shown. */
  first: number;
  rows: number;
  totalRecords: number;
  rowsPerPageOptions: number[];
  /** How many page links show at most, around the current page. */
  pageLinkSize: number;
  /** Names the rows-per-page choice for assistive technology and as its tooltip. */
  perPageLabel: string;
  onPageChange(state: PageState): void;
  className?: string;
}

/** Up to `size` page numbers (from 0) around the current page, as many as fit before the last one. */
function pageLinkRange(page: number, totalPages: number, size: number): number[] {
  const visible = Math.min(size, totalPages);
  let start = Math.max(0, Math.ceil(page - visible / 2));
  const end = Math.min(totalPages - 1, start + visible - 1);
  start = Math.max(0, start - (size - (end - start + 1)));
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

/**
 * PrimeReact's paginator (same markup, classes and labels, so the theme styles it) with the
 * browser's own select for the rows per page: first, previous, page links, next, last, rows per page.
 * PrimeReact's own brings its dropdown and number input to every list page.
 */
export function Paginator({ first, rows, totalRecords, rowsPerPageOptions, pageLinkSize, perPageLabel, onPageChange, className }: PaginatorProps) {
  const page = Math.floor(first / rows);
  const totalPages = Math.ceil(totalRecords / rows);
  const change = (toPage: number, toRows = rows) => {
    if (toPage >= 0 && toPage < Math.ceil(totalRecords / toRows)) onPageChange({ page: toPage, rows: toRows });
  };
  const shownTotal = useRef(totalRecords);
  useEffect(() => {
    if (shownTotal.current === totalRecords) return;
    shownTotal.current = totalRecords;
    // The list shrank under the current page: show its last page.
    if (page > 0 && first >= totalRecords) change(totalPages - 1);
  });
  const atStart = page === 0 || totalPages === 0;
  const atEnd = page === totalPages - 1 || totalPages === 0;
  const links = pageLinkRange(page, totalPages, pageLinkSize);
  const arrow = (kind: 'first' | 'prev' | 'next' | 'last', label: string, icon: string, disabled: boolean, toPage: number) => (
    <button
      type="button"
      className={`p-paginator-${kind} p-paginator-element p-link${disabled ? ' p-disabled' : ''}`}
      aria-label={label}
      disabled={disabled}
      onClick={() => change(toPage)}
    >
      <span className={`p-paginator-icon pi ${icon}`} aria-hidden="true" />
    </button>
  );
  return (
    <div className={['p-paginator p-component', className].filter(Boolean).join(' ')}>
      {arrow('first', 'First Page', 'pi-angle-double-left', atStart, 0)}
      {arrow('prev', 'Previous Page', 'pi-angle-left', atStart, page - 1)}
      <span className="p-paginator-pages">
        {links.map((link) => (
          <button
            key={link}
            type="button"
            className={`p-paginator-page p-paginator-element p-link${link === page ? ' p-highlight' : ''}`}
            aria-label={`Page ${link + 1}`}
            aria-current={link === page ? 'true' : undefined}
            onClick={() => change(link)}
          >
            {link + 1}
          </button>
        ))}
      </span>
      {arrow('next', 'Next Page', 'pi-angle-right', atEnd, page + 1)}
      {arrow('last', 'Last Page', 'pi-angle-double-right', atEnd, totalPages - 1)}
      <select
        className="p-paginator-rpp-options p-inputtext p-component"
        title={perPageLabel}
        aria-label={perPageLabel}
        value={rows}
        onChange={(event) => change(0, Number(event.target.value))}
      >
        {rowsPerPageOptions.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
