import { DateTime } from 'luxon';
import { Calendar } from 'primereact/calendar';
import { pickerLimits, withFrom, withTo, type DateRange } from './dateRange';

export interface DateRangePickersProps {
  /** Names the pickers' ids and labels apart when a page has several. */
  idPrefix: string;
  range: DateRange;
  onChange(range: DateRange): void;
}

function toDate(iso: string | null): Date | null {
  return iso ? DateTime.fromISO(iso).toJSDate() : null;
}

function toIso(date: Date | null | undefined): string | null {
  return date ? DateTime.fromJSDate(date).toISODate() : null;
}

/** From and to pickers that keep from on or before to. */
export function DateRangePickers({ idPrefix, range, onChange }: DateRangePickersProps) {
  const { fromMax, toMin } = pickerLimits(range);
  return (
    <div className="date-range">
      <span className="date-range__field">
        <label htmlFor={`${idPrefix}-from`}>From</label>
        <Calendar
          inputId={`${idPrefix}-from`}
          value={toDate(range.from)}
          maxDate={toDate(fromMax) ?? undefined}
          dateFormat="M d, yy"
          showIcon
          showButtonBar
          onChange={(event) => onChange(withFrom(range, toIso(event.value)))}
        />
      </span>
      <span className="date-range__field">
        <label htmlFor={`${idPrefix}-to`}>To</label>
        <Calendar
          inputId={`${idPrefix}-to`}
          value={toDate(range.to)}
          minDate={toDate(toMin) ?? undefined}
          dateFormat="M d, yy"
          showIcon
          showButtonBar
          onChange={(event) => onChange(withTo(range, toIso(event.value)))}
        />
      </span>
    </div>
  );
}
