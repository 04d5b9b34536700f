import { useRef, type KeyboardEvent } from 'react';
import type { MemberListName } from '../../../machines/memberList/moves';

export interface MemberTabsProps {
  tabs: ReadonlyArray<{ list: MemberListName; label: string }>;
  active: MemberListName;
  /** The address of each list, so a tab is a link that opens in a new tab too. */
  hrefOf: (list: MemberListName) => string;
  onChosen: (list: MemberListName) => void;
  /** The panel the tabs control. */
  panelId: string;
}

const tabId = (list: MemberListName) => `members-tab-${list}`;

/**
 * The member lists as a tablist of link tabs: the chosen tab is the one in the tab order, the arrow
 * keys (and Home, End) move to the previous or next tab and open its list.
 */
export function MemberTabs({ tabs, active, hrefOf, onChosen, panelId }: MemberTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const choose = (list: MemberListName) => {
    onChosen(list);
    listRef.current?.querySelector<HTMLElement>(`#${tabId(list)}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(tabs[(next + tabs.length) % tabs.length]!.list);
  };
  return (
    <div className="members-tabs" role="tablist" aria-label="Member lists" ref={listRef}>
      {tabs.map(({ list, label }, index) => {
        const selected = list === active;
        return (
          <a
            key={list}
            id={tabId(list)}
            role="tab"
            href={hrefOf(list)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'members-tabs__tab members-tabs__tab--selected' : 'members-tabs__tab'}
            onClick={(event) => {
              event.preventDefault();
              onChosen(list);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {label}
          </a>
        );
      })}
    </div>
  );
}
