import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Message } from 'primereact/message';
import { DisplayDate } from '../../../ui/DisplayDate';
import { EntityAvatar } from '../../../ui/EntityAvatar';
import type { LightColumn, SortDirection } from '../../../ui/LightTable';
import type { Loaded } from './recordsApi';
import './records.css';

/** A list or profile page of the supervisor area: its title, what it counts, and its content. */
export function RecordsPage({ title, count, children, labelledBy }: { title: string; count?: ReactNode; children: ReactNode; labelledBy: string }) {
  return (
    <section className="records" aria-labelledby={labelledBy}>
      <header className="records__header">
        <h1 id={labelledBy}>{title}</h1>
        {count !== undefined && (
          <p className="records__count" aria-live="polite">
            {count}
          </p>
        )}
      </header>
      {children}
    </section>
  );
}

/** Why a page has nothing to show: its call failed (the server's reason) or found no such record. */
export function LoadFailed({ what, result }: { what: string; result: Extract<Loaded<unknown>, { kind: 'failed' }> }) {
  const text = result.notFound ? `${what} was not found.` : `${what} could not be loaded. ${result.reason}`;
  return <Message severity={result.notFound ? 'warn' : 'error'} text={text} className="records__message" />;
}

/** Shown while a part of a page loads. */
export function Loading({ text }: { text: string }) {
  return (
    <div className="records__status" role="status">
      <span className="pi pi-spin pi-spinner" aria-hidden="true" /> {text}
    </div>
  );
}

/** The filters above a list, wrapping onto as many lines as the screen needs. */
export function FilterBar({ label, children, onReset }: { label: string; children: ReactNode; onReset(): void }) {
  return (
    <form role="search" aria-label={label} className="records__filters" onSubmit={(event) => event.preventDefault()}>
      {children}
      <button type="button" className="p-button p-component p-button-outlined records__reset" onClick={onReset}>
        <span className="p-button-icon p-button-icon-left pi pi-filter-slash" aria-hidden="true" />
        <span className="p-button-label">Reset</span>
      </button>
    </form>
  );
}

/** A text filter (debounced by the list's query). */
export function SearchBox({ id, label, value, placeholder, onChange }: { id: string; label: string; value: string; placeholder: string; onChange(text: string): void }) {
  return (
    <div className="records__filter records__filter--search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        className="p-inputtext p-component"
        value={value}
        placeholder={placeholder}
        maxLength={200}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A filter with a few choices: the browser's own select, light and reachable by keyboard. */
export function ChoiceFilter({ id, label, value, choices, onChange }: { id: string; label: string; value: string; choices: readonly Choice[]; onChange(value: string): void }) {
  return (
    <div className="records__filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="p-inputtext p-component records__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A yes/no filter's choices: '' for either. */
export function yesNoChoices(any: string, yes: string, no: string): Choice[] {
  return [
    { value: '', label: any },
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
}

/** A record as a list or a profile names it: its picture (or the default one) and its name, linked to its profile. */
export function RecordName({ name, avatarUrl, to, detail, shape }: { name: string; avatarUrl: string | null; to: string; detail?: ReactNode; shape?: 'circle' | 'square' }) {
  return (
    <span className="records__name">
      <EntityAvatar name={name} imageUrl={avatarUrl} shape={shape} />
      <span className="records__name-text">
        <Link to={to}>{name}</Link>
        {detail ? <small>{detail}</small> : null}
      </span>
    </span>
  );
}

/** A moment, or a dash when there is none. */
export function MaybeDate({ iso, zone }: { iso: string | null; zone?: string }) {
  return iso ? <DisplayDate iso={iso} zone={zone} /> : <span aria-label="none">—</span>;
}

/** A column sorted by the list's query: its direction when the list is sorted by it, and choosing it sorts by it. */
export function sortedBy<Field extends string>(
  query: { sort_by: Field; sort_direction: SortDirection },
  onSort: (field: Field, direction: SortDirection) => void,
) {
  return (field: Field): NonNullable<LightColumn<unknown>['sort']> => ({
    direction: query.sort_by === field ? query.sort_direction : null,
    onSort: (direction) => onSort(field, direction),
  });
}

/** A profile's facts as a list of names and values. */
export function Facts({ facts }: { facts: ReadonlyArray<[string, ReactNode]> }) {
  return (
    <dl className="records__facts">
      {facts.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** One part of a profile, titled. */
export function Panel({ id, title, children, actions }: { id: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="records__panel" aria-labelledby={id}>
      <div className="records__panel-header">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
