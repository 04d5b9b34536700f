import { memo, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import './lightTable.css';

export type SortDirection = 'asc' | 'desc';

export interface LightColumn<Row> {
  key: string;
  header: string;
  body: (row: Row) => ReactNode;
  /** A sortable column: its direction now (null: the table is not sorted by it), and what choosing another one does. */
  sort?: { direction: SortDirection | null; onSort: (direction: SortDirection) => void };
  style?: CSSProperties;
  /** The class of the column's body cells. */
  cellClassName?: string;
}

export interface LightTableProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: ReadonlyArray<LightColumn<Row>>;
  loading: boolean;
  emptyMessage: string;
  ariaLabel: string;
  /** A class beside the table's own, on its outer element. */
  className?: string;
  rowClassName?: (row: Row) => string;
  onRowMouseEnter?: (row: Row) => void;
}

interface LightRowProps<Row> {
  row: Row;
  columns: ReadonlyArray<LightColumn<Row>>;
  className: string | undefined;
  onMouseEnter: ((row: Row) => void) | undefined;
}

/** A row renders again only when its object, the columns, its class or its handler change: a page whose rows are kept as they were redraws none of them. */
const LightRow = memo(function LightRow({ row, columns, className, onMouseEnter }: LightRowProps<unknown>) {
  return (
    <tr className={className} onMouseEnter={onMouseEnter && (() => onMouseEnter(row))}>
      {columns.map(({ key, body, style, cellClassName }) => (
        <td key={key} style={style} className={cellClassName}>
          {body(row)}
        </td>
      ))}
    </tr>
  );
}) as <Row>(props: LightRowProps<Row>) => ReactElement;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const SORT_ICON = { asc: 'pi-sort-amount-up-alt', desc: 'pi-sort-amount-down' } as const;

/**
 * A table drawn as the theme draws DataTable (its classes), for pages whose rows are paged, sorted
 * and selected by their statechart: it renders the rows it is given and nothing more, so the page
 * does not download DataTable.
 */
export function LightTable<Row>({ rows, rowKey, columns, loading, emptyMessage, ariaLabel, className, rowClassName, onRowMouseEnter }: LightTableProps<Row>) {
  return (
    <div className={className ? `p-datatable p-component light-table ${className}` : 'p-datatable p-component light-table'} data-loading={loading || undefined}>
      {loading && (
        <div className="light-table__overlay">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" />
        </div>
      )}
      <div className="p-datatable-wrapper">
        <table className="p-datatable-table" aria-label={ariaLabel} aria-busy={loading}>
          <thead className="p-datatable-thead">
            <tr>
              {columns.map(({ key, header, sort, style }) => {
                if (!sort) {
                  return (
                    <th key={key} style={style}>
                      <span className="p-column-title">{header}</span>
                    </th>
                  );
                }
                const choose = () => sort.onSort(sort.direction === 'asc' ? 'desc' : 'asc');
                return (
                  <th
                    key={key}
                    style={style}
                    className={sort.direction ? 'p-sortable-column p-highlight' : 'p-sortable-column'}
                    aria-sort={sort.direction ? ARIA_SORT[sort.direction] : 'none'}
                    tabIndex={0}
                    onClick={choose}
                    onKeyDown={(event) => {
                      if (event.key !== 'Enter' && event.key !== ' ') return;
                      event.preventDefault();
                      choose();
                    }}
                  >
                    <span className="p-column-header-content">
                      <span className="p-column-title">{header}</span>
                      <i className={`p-sortable-column-icon pi ${sort.direction ? SORT_ICON[sort.direction] : 'pi-sort-alt'}`} aria-hidden="true" />
                    </span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="p-datatable-tbody">
            {rows.length === 0 ? (
              <tr className="p-datatable-emptymessage">
                <td colSpan={columns.length}>{emptyMessage}</td>
              </tr>
            ) : (
              rows.map((row) => <LightRow key={rowKey(row)} row={row} columns={columns} className={rowClassName?.(row)} onMouseEnter={onRowMouseEnter} />)
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
