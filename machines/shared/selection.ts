/**
 * How a list's checkboxes change: the rules of select all / none / invert, a click, a Shift-click
 * range and the drag gesture, for any list whose rows have ids. A selection keeps the page's row order.
 */

/** The drag gesture's rows: every row between where the drag started and where the pointer is, both included. */
export function rowsBetween<Id>(rowIds: readonly Id[], fromId: Id, toId: Id): Id[] {
  const from = rowIds.indexOf(fromId);
  const to = rowIds.indexOf(toId);
  if (from < 0 || to < 0) return [];
  return rowIds.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/** Every row that is not selected now. */
export function invertedSelection<Id>(rowIds: readonly Id[], selection: readonly Id[]): Id[] {
  return rowIds.filter((id) => !selection.includes(id));
}

/** A click on one row's checkbox: off if it was on, else on beside the others. */
export function toggledSelection<Id>(rowIds: readonly Id[], selection: readonly Id[], id: Id): Id[] {
  return selection.includes(id) ? selection.filter((selected) => selected !== id) : rowIds.filter((row) => row === id || selection.includes(row));
}

/** The selection with the rows between two rows added (a Shift-click range, or a drag over the selection it started with). */
export function withRowsBetween<Id>(rowIds: readonly Id[], selection: readonly Id[], fromId: Id, toId: Id): Id[] {
  const range = rowsBetween(rowIds, fromId, toId);
  return rowIds.filter((id) => range.includes(id) || selection.includes(id));
}
