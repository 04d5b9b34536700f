import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { isPaidPlan } from '../../../rules/plans';
import { groupListRemovalsSeverity } from '../../ui/removalsSeverity';
import { usePopover } from '../../ui/usePopover';
import { filterGroups } from './filterGroups';
import { GroupIdentity } from './GroupIdentity';
import { groupPath } from './groupMenuItems';
import type { Group } from './types';

export interface GroupChooserProps {
  groups: Group[];
  currentGroup?: Group;
}

/** Arrow keys walk the search box and the links of the open list. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const stops = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('input, a'));
  const at = stops.indexOf(document.activeElement as HTMLElement);
  const step = event.key === 'ArrowDown' ? 1 : -1;
  stops[(at + step + stops.length) % stops.length]?.focus();
}

function FreeRemovalsLeft({ group }: { group: Group }) {
  const free = group.removal_limits?.free;
  if (isPaidPlan(group.subscribed_plan) || !free) return null;
  return (
    <span className={`group-option__removals group-option__removals--${groupListRemovalsSeverity(free.left)}`}>
      {free.left} free removals left
    </span>
  );
}

function NoGroups() {
  return (
    <div className="group-chooser group-chooser--empty">
      <p className="group-chooser__empty-text">No group connected yet</p>
      <Link to="/onboarding" className="group-chooser__connect group-chooser__connect--primary">
        <span className="pi pi-arrow-right" aria-hidden="true" />
        Onboarding
      </Link>
    </div>
  );
}

/** The current group; opens the searchable list of the user's groups. */
export function GroupChooser({ groups, currentGroup }: GroupChooserProps) {
  const { open, close, containerProps, toggleProps, panelProps } = usePopover();
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) searchRef.current?.focus();
    else setQuery('');
  }, [open]);

  if (groups.length === 0) return <NoGroups />;

  const shown = filterGroups(groups, query, currentGroup?.id);
  return (
    <div className="group-chooser" {...containerProps}>
      <button type="button" className="group-chooser__toggle" {...toggleProps}>
        <span className="visually-hidden">Current group: </span>
        {currentGroup ? (
          <GroupIdentity group={currentGroup} />
        ) : (
          <span className="group-chooser__placeholder">Choose a group</span>
        )}
        <span className="group-chooser__chevron pi pi-chevron-down" aria-hidden="true" />
      </button>
      <div className="group-chooser__panel" onKeyDown={moveFocus} {...panelProps}>
        <div className="group-chooser__search">
          <span className="pi pi-search" aria-hidden="true" />
          <input
            ref={searchRef}
            type="search"
            className="p-inputtext p-component"
            placeholder="Filter your groups"
            aria-label="Filter your groups"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <ul className="group-chooser__list" aria-label="Your groups">
          {shown.map((group) => {
            const isCurrent = group.id === currentGroup?.id;
            return (
              <li key={group.id}>
                <Link
                  to={groupPath(group, 'dashboard')}
                  className="group-option"
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={close}
                >
                  <GroupIdentity group={group} detail={<FreeRemovalsLeft group={group} />} />
                  {isCurrent && <span className="group-option__check pi pi-check" aria-hidden="true" />}
                </Link>
              </li>
            );
          })}
        </ul>
        {shown.length === 0 && <p className="group-chooser__no-match">No group matches “{query.trim()}”</p>}
        <Link to="/onboarding" className="group-chooser__connect" onClick={close}>
          <span className="pi pi-plus" aria-hidden="true" />
          Connect to another group
        </Link>
      </div>
    </div>
  );
}
