/** A chart's date range as ISO dates ('yyyy-MM-dd'); null leaves that end to the server's default. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

/** ISO dates compare as text, so no parsing is needed. */
export function isOrderedRange({ from, to }: DateRange): boolean {
  return from === null || to === null || from <= to;
}

/** A new from date: refused (the range stays) when it would come after to. */
export function withFrom(range: DateRange, from: string | null): DateRange {
  const next = { ...range, from };
  return isOrderedRange(next) ? next : range;
}

/** A new to date: refused (the range stays) when it would come before from. */
export function withTo(range: DateRange, to: string | null): DateRange {
  const next = { ...range, to };
  return isOrderedRange(next) ? next : range;
}

/** What each picker may offer: from no later than to, to no earlier than from (spec part 1 §5). */
export function pickerLimits({ from, to }: DateRange): { fromMax: string | null; toMin: string | null } {
  return { fromMax: to, toMin: from };
}

/** The range a chart covers, both ends known: what its pickers show. */
export interface ShownRange {
  from: string;
  to: string;
}
