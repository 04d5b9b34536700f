import { Button } from 'primereact/button';
import { useState, type KeyboardEvent } from 'react';
import {
  ROBOT_LOG_GROUP_BY,
  ROBOT_LOG_LEVELS,
  isFiltered,
  pipeList,
  readRobotVersions,
  type RobotLogFilters,
  type RobotLogGroupBy,
  type RobotLogLevelFilter,
} from './robotLogFilters';

export const LEVEL_LABELS: Record<RobotLogLevelFilter, string> = { all: 'All', error: 'Error', warning: 'Warning', debug: 'Debug' };
export const GROUP_BY_LABELS: Record<RobotLogGroupBy, string> = { robot_version: 'Robot version', user_id: 'User', group_id: 'Group' };

export interface RobotLogFilterBarProps {
  filters: RobotLogFilters;
  /** The address's own texts of the filters typed into boxes, shown as they are. */
  raw: { group_id: string; member_id: string; exec_id: string; robot_version: string };
  /** What the message box shows while typing has not paused yet. */
  typedMessage: string;
  /** What the to-date box shows while it settles. */
  pickedTo: string;
  /** Browse groups lines; the chart has series instead. */
  showGroupBy: boolean;
  onFilterChange(name: string, value: string): void;
  onMessageTyped(text: string): void;
  onToPicked(date: string): void;
  onReset(): void;
}

interface CommitFieldProps {
  id: string;
  label: string;
  /** The filter as the address holds it. */
  value: string;
  /** How the box shows the address's value; as it is by default. */
  format?: (value: string) => string;
  placeholder?: string;
  inputMode?: 'numeric' | 'text';
  /** The value to put in the address for a text, or null when the text is not one. */
  parse(text: string): string | null;
  onCommit(value: string): void;
}

/** A box whose text becomes its filter when Enter is pressed or the box is left; a text that is not one is marked and kept out. */
function CommitField({ id, label, value, format = (shown) => shown, placeholder, inputMode = 'text', parse, onCommit }: CommitFieldProps) {
  const [text, setText] = useState(() => format(value));
  const parsed = parse(text.trim());
  const commit = () => {
    if (parsed !== null && parsed !== value) onCommit(parsed);
  };
  return (
    <span className="ops-filters__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={parsed === null ? 'p-inputtext p-component p-invalid' : 'p-inputtext p-component'}
        type="text"
        inputMode={inputMode}
        value={text}
        placeholder={placeholder}
        aria-invalid={parsed === null || undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </span>
  );
}

const anId = (text: string) => (text === '' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 2147483647) ? text : null);
const anExecId = (text: string) => (text.length <= 64 ? text : null);
const robotVersions = (text: string) => {
  const versions = readRobotVersions(text);
  return text === '' || versions.length > 0 ? pipeList(versions) : null;
};

/**
 * The robot log's filters (spec part 2 §3, §9): level, message, days and grouping at hand; group, member,
 * run and robot versions under 'More filters', open while any of them is chosen.
 */
export function RobotLogFilterBar({ filters, raw, typedMessage, pickedTo, showGroupBy, onFilterChange, onMessageTyped, onToPicked, onReset }: RobotLogFilterBarProps) {
  const moreChosen = [raw.group_id, raw.member_id, raw.exec_id, raw.robot_version].filter((value) => value !== '').length;
  const toggleGroupBy = (key: RobotLogGroupBy, checked: boolean) =>
    onFilterChange('group_by', pipeList(ROBOT_LOG_GROUP_BY.filter((candidate) => (candidate === key ? checked : filters.groupBy.includes(candidate)))));
  return (
    <form className="ops-filters" aria-label="Robot log filters" role="search" onSubmit={(event) => event.preventDefault()}>
      <span className="ops-filters__field">
        <label htmlFor="robot-log-level">Level</label>
        <select id="robot-log-level" className="p-inputtext p-component" value={filters.level} onChange={(event) => onFilterChange('level', event.target.value)}>
          {ROBOT_LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {LEVEL_LABELS[level]}
            </option>
          ))}
        </select>
      </span>
      <span className="ops-filters__field ops-filters__field--wide">
        <label htmlFor="robot-log-message">Message</label>
        <input
          id="robot-log-message"
          className="p-inputtext p-component"
          type="search"
          maxLength={200}
          placeholder="Text in the message"
          value={typedMessage}
          onChange={(event) => onMessageTyped(event.target.value)}
        />
      </span>
      <span className="ops-filters__field">
        <label htmlFor="robot-log-from">From</label>
        <input
          id="robot-log-from"
          className="p-inputtext p-component"
          type="date"
          value={filters.from ?? ''}
          max={pickedTo || undefined}
          onChange={(event) => onFilterChange('from', event.target.value)}
        />
      </span>
      <span className="ops-filters__field">
        <label htmlFor="robot-log-to">To</label>
        <input
          id="robot-log-to"
          className="p-inputtext p-component"
          type="date"
          value={pickedTo}
          min={filters.from ?? undefined}
          onChange={(event) => onToPicked(event.target.value)}
        />
      </span>
      {showGroupBy && (
        <fieldset className="ops-filters__group-by">
          <legend>Group by</legend>
          {ROBOT_LOG_GROUP_BY.map((key) => (
            <span key={key} className="ops-filters__check">
              <input id={`robot-log-group-by-${key}`} type="checkbox" checked={filters.groupBy.includes(key)} onChange={(event) => toggleGroupBy(key, event.target.checked)} />
              <label htmlFor={`robot-log-group-by-${key}`}>{GROUP_BY_LABELS[key]}</label>
            </span>
          ))}
        </fieldset>
      )}
      <details className="ops-filters__more" open={moreChosen > 0 || undefined}>
        <summary>More filters{moreChosen ? ` (${moreChosen})` : ''}</summary>
        <div className="ops-filters__more-fields">
          <CommitField key={`group-${raw.group_id}`} id="robot-log-group" label="Group id" inputMode="numeric" value={raw.group_id} parse={anId} onCommit={(value) => onFilterChange('group_id', value)} />
          <CommitField key={`member-${raw.member_id}`} id="robot-log-member" label="Member id" inputMode="numeric" value={raw.member_id} parse={anId} onCommit={(value) => onFilterChange('member_id', value)} />
          <CommitField key={`exec-${raw.exec_id}`} id="robot-log-exec" label="Run (exec id)" value={raw.exec_id} parse={anExecId} onCommit={(value) => onFilterChange('exec_id', value)} />
          <CommitField
            key={`version-${raw.robot_version}`}
            id="robot-log-versions"
            label="Robot versions"
            placeholder="2.4.0, 2.3.1"
            value={raw.robot_version}
            format={(versions) => versions.split('|').join(', ')}
            parse={robotVersions}
            onCommit={(value) => onFilterChange('robot_version', value)}
          />
        </div>
      </details>
      <Button type="button" className="ops-filters__reset" label="Reset" icon="pi pi-filter-slash" outlined disabled={!isFiltered(filters)} onClick={onReset} />
    </form>
  );
}
