import { DateTime } from 'luxon';
import { Calendar } from 'primereact/calendar';
import { pickerLimits, withFrom, withTo, type ShownRange } from './dateRange';

export interface DateRangePickersProps {
  /** Names the pickers' ids and labels apart when a page has several. */
  idPrefix: string;
  range: ShownRange;
  /** A new from date; null goes back to the default range's. Never called with a date after to. */
  onFromChange(from: string | null): void;
  /** A new to date; null goes back to the default range's. Never called with a date before from. */
  onToChange(to: string | null): void;
}

function toDate(iso: string): Date {
  return DateTime.fromISO(iso).toJSDate();
}

function toIso(date: Date | null | undefined): string | null {
  return date ? DateTime.fromJSDate(date).toISODate() : null;
}

/**
 * From and to pickers that keep from on or before to (spec part 1 §5). Tabbing into a picker leaves the
 * focus in its box to type a date; the down arrow or the button opens the calendar panel.
 */
export function DateRangePickers({ idPrefix, range, onFromChange, onToChange }: DateRangePickersProps) {
  const { fromMax, toMin } = pickerLimits(range);
  const pickFrom = (from: string | null) => {
    if (from !== range.from && withFrom(range, from) !== range) onFromChange(from);
  };
  const pickTo = (to: string | null) => {
    if (to !== range.to && withTo(range, to) !== range) onToChange(to);
  };
  return (
    <div className="date-range">
      <DateField id={`${idPrefix}-from`} label="From" value={range.from} maxDate={fromMax} onPick={pickFrom} />
      <DateField id={`${idPrefix}-to`} label="To" value={range.to} minDate={toMin} onPick={pickTo} />
    </div>
  );
}

interface DateFieldProps {
  id: string;
  label: string;
  value: string;
  minDate?: string | null;
  maxDate?: string | null;
  onPick(date: string | null): void;
}

/** One labelled picker: typed or picked from the panel, cleared with the button bar. */
function DateField({ id, label, value, minDate, maxDate, onPick }: DateFieldProps) {
  return (
    <span className="date-range__field">
      <label htmlFor={id}>{label}</label>
      <Calendar
        inputId={id}
        value={toDate(value)}
        minDate={minDate ? toDate(minDate) : undefined}
        maxDate={maxDate ? toDate(maxDate) : undefined}
        dateFormat="M d, yy"
        showIcon
        showButtonBar
        showOnFocus={false}
        onChange={(event) => onPick(toIso(event.value))}
      />
    </span>
  );
}
