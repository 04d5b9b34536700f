import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { MEMBER_SEARCH_MIN_CHARS, type MemberMatch } from '../api/memberSearch';
import { EntityAvatar } from './EntityAvatar';
import './memberPicker.css';

export interface MemberPickerProps {
  /** The input's id, unique on the page. */
  inputId: string;
  /** The member chosen, shown with a reset button; the search box when none. */
  selected: MemberMatch | Pick<MemberMatch, 'id' | 'name'> | null;
  suggestions: MemberMatch[];
  onSearch(text: string): void;
  onChange(member: MemberMatch | null): void;
  /** What is picked, when not a member (the supervisor's group and user filters pick from the same kind of matches). */
  label?: string;
}

/** The picture beside a match: its avatar, or the default one when it has none or it fails to load (part 2 §3). */
function MatchAvatar({ match }: { match: MemberMatch | Pick<MemberMatch, 'id' | 'name'> }) {
  return <EntityAvatar name={match.name} imageUrl={'avatar_url' in match ? match.avatar_url : null} />;
}

/**
 * A member filter (part 2 §4): a search box over the group's members (GET /autocomplete/members)
 * that turns into the chosen member with a reset button.
 */
export function MemberPicker({ inputId, selected, suggestions, onSearch, onChange, label = 'Member' }: MemberPickerProps) {
  // AutoComplete shows only the value it is given: without it, the typed text vanishes when the matches arrive.
  const [typed, setTyped] = useState('');
  if (selected) {
    return (
      <div className="member-picker">
        <span className="member-picker__label">{label}</span>
        <MatchAvatar match={selected} />
        <span className="member-picker__chosen">{selected.name}</span>
        <Button type="button" icon="pi pi-times" text rounded aria-label={`Stop filtering by ${selected.name}`} onClick={() => onChange(null)} />
      </div>
    );
  }
  return (
    <div className="member-picker">
      <label htmlFor={inputId} className="member-picker__label">
        {label}
      </label>
      <AutoComplete
        inputId={inputId}
        field="name"
        minLength={MEMBER_SEARCH_MIN_CHARS}
        delay={300}
        placeholder="Type 3 letters of a name"
        value={typed}
        onChange={(event) => setTyped(typeof event.value === 'string' ? event.value : '')}
        suggestions={suggestions}
        completeMethod={(event) => onSearch(event.query)}
        onSelect={(event) => onChange(event.value as MemberMatch)}
        itemTemplate={(member: MemberMatch) => (
          <span className="member-picker__match">
            <MatchAvatar match={member} />
            <span>
              {member.name}
              {member.description ? <small className="member-picker__hint"> {member.description}</small> : null}
            </span>
          </span>
        )}
      />
    </div>
  );
}
