import { Calendar } from 'primereact/calendar';
import { useReducer } from 'react';
import { localDayIso, localMidnight } from '../../ui/calendarDate';
import { pickerLimits, withFrom, withTo, type ShownRange } from './dateRange';

export interface DateRangePickersProps {
  /** Names the pickers' ids and labels apart when a page has several. */
  idPrefix: string;
  range: ShownRange;
  /** A new from date. Never called with a date after to. */
  onFromChange(from: string): void;
  /** A new to date. Never called with a date before from. */
  onToChange(to: string): void;
  /** Either picker's Clear button was pressed: back to the default range. */
  onReset(): void;
}

/**
 * From and to pickers that keep from on or before to (spec part 1 §5). Tabbing into a picker leaves the
 * focus in its box to type a date; the down arrow or the button opens the calendar panel.
 */
export function DateRangePickers({ idPrefix, range, onFromChange, onToChange, onReset }: DateRangePickersProps) {
  const { fromMax, toMin } = pickerLimits(range);
  const pickFrom = (from: string) => {
    if (from !== range.from && withFrom(range, from) !== range) onFromChange(from);
  };
  const pickTo = (to: string) => {
    if (to !== range.to && withTo(range, to) !== range) onToChange(to);
  };
  return (
    <div className="date-range">
      <DateField id={`${idPrefix}-from`} label="From" value={range.from} maxDate={fromMax} onPick={pickFrom} onClear={onReset} />
      <DateField id={`${idPrefix}-to`} label="To" value={range.to} minDate={toMin} onPick={pickTo} onClear={onReset} />
    </div>
  );
}

interface DateFieldProps {
  id: string;
  label: string;
  value: string;
  minDate?: string | null;
  maxDate?: string | null;
  onPick(date: string): void;
  onClear(): void;
}

/**
 * One labelled picker: typed or picked from the panel, cleared with the button bar. A box being typed
 * in holds no date until the text is one. It always shows the date it is given: once cleared, it draws
 * that date again, even when clearing left the range as it was.
 */
function DateField({ id, label, value, minDate, maxDate, onPick, onClear }: DateFieldProps) {
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  return (
    <span className="date-range__field">
      <label htmlFor={id}>{label}</label>
      <Calendar
        inputId={id}
        value={localMidnight(value)}
        minDate={minDate ? localMidnight(minDate) : undefined}
        maxDate={maxDate ? localMidnight(maxDate) : undefined}
        dateFormat="M d, yy"
        showIcon
        showButtonBar
        showOnFocus={false}
        onChange={(event) => {
          if (event.value) onPick(localDayIso(event.value));
        }}
        onClearButtonClick={() => {
          redraw();
          onClear();
        }}
      />
    </span>
  );
}
