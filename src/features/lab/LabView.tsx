import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { ProgressBar } from 'primereact/progressbar';
import { useId, useState, type ReactNode } from 'react';
import type { LabAction, LabTargetKind } from '../../../machines/lab/actors';
import { LAB_TEXTS, type LabButton, type LabFact, type LabGroupView, type LabView as LabViewModel } from '../../../machines/lab/selectors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import './lab.css';

/** A record a finder offers: from the search, or the id typed. */
export interface LabMatch {
  id: number;
  name: string;
  description: string | null;
}

export type LabSuggestions = Record<LabTargetKind, LabMatch[]>;

export interface LabViewProps {
  visible: boolean;
  view: LabViewModel;
  /** Each finder's matches for the text typed last. */
  suggestions: LabSuggestions;
  onSearch(target: LabTargetKind, text: string): void;
  onFind(target: LabTargetKind, id: number): void;
  onRun(action: LabAction): void;
  onConfirm(): void;
  onCancel(): void;
  onHide(): void;
}

function ActionButton({ button, onRun }: { button: LabButton; onRun(action: LabAction): void }) {
  return (
    <Button
      type="button"
      size="small"
      label={button.label}
      severity={button.danger ? 'danger' : undefined}
      outlined={button.pressed === undefined ? true : !button.pressed}
      aria-pressed={button.pressed}
      disabled={!button.enabled}
      onClick={() => onRun(button.action)}
    />
  );
}

function Buttons({ label, buttons, onRun }: { label: string; buttons: LabButton[]; onRun(action: LabAction): void }) {
  if (buttons.length === 0) return null;
  return (
    <div className="lab__row" role="group" aria-label={label}>
      <span className="lab__row-label" aria-hidden="true">
        {label}
      </span>
      <div className="lab__buttons">
        {buttons.map((button) => (
          <ActionButton key={button.label} button={button} onRun={onRun} />
        ))}
      </div>
    </div>
  );
}

function Facts({ facts }: { facts: LabFact[] }) {
  return (
    <dl className="lab__facts">
      {facts.map((fact) => (
        <div key={fact.label} className="lab__fact">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A typeahead that finds one record: the search's matches (from 3 characters), and the id itself
 * when digits are typed. The typed text is kept here: AutoComplete shows only the value it is given.
 */
function Finder({ target, label, disabled, suggestions, onSearch, onFind }: {
  target: LabTargetKind;
  label: string;
  disabled: boolean;
  suggestions: LabMatch[];
  onSearch(target: LabTargetKind, text: string): void;
  onFind(target: LabTargetKind, id: number): void;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  return (
    <div className="lab__finder">
      <label htmlFor={inputId}>{label}</label>
      <AutoComplete
        inputId={inputId}
        field="name"
        minLength={1}
        delay={300}
        placeholder="A name, or an id"
        value={typed}
        disabled={disabled}
        suggestions={suggestions}
        completeMethod={(event) => onSearch(target, event.query)}
        onChange={(event) => setTyped(typeof event.value === 'string' ? event.value : '')}
        onSelect={(event) => {
          setTyped('');
          onFind(target, (event.value as LabMatch).id);
        }}
        pt={{ list: { 'aria-label': `${label}: matches` } }}
        itemTemplate={(match: LabMatch) => (
          <span className="lab__match">
            {match.name}
            {match.description ? <small> {match.description}</small> : null}
          </span>
        )}
      />
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={`lab__card ${id}`} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function GroupActions({ group, onRun }: { group: LabGroupView; onRun(action: LabAction): void }) {
  const fromId = useId();
  const countId = useId();
  const reverseId = useId();
  const [from, setFrom] = useState('');
  const [countText, setCountText] = useState('10');
  const count = Number(countText);
  const countValid = Number.isInteger(count) && count >= 1 && count <= 1000;
  const [reverse, setReverse] = useState(false);
  return (
    <>
      <Buttons label={LAB_TEXTS.plan} buttons={group.plans} onRun={onRun} />
      <Buttons label={LAB_TEXTS.locking} buttons={[group.lock]} onRun={onRun} />
      <div className="lab__row">
        <label className="lab__row-label" htmlFor={fromId}>
          {LAB_TEXTS.subscribedFrom}
        </label>
        <div className="lab__buttons">
          <input id={fromId} type="date" className="p-inputtext p-component lab__date" value={from} onChange={(event) => setFrom(event.target.value)} />
          <Button
            type="button"
            size="small"
            outlined
            label={LAB_TEXTS.set}
            aria-label={`${LAB_TEXTS.set} ${LAB_TEXTS.subscribedFrom.toLowerCase()}`}
            disabled={!group.subscribedFromEnabled || from === ''}
            onClick={() => onRun({ name: 'update_group', settings: { subscribed_from: from } })}
          />
        </div>
      </div>
      <Buttons label={LAB_TEXTS.subscriptionStatus} buttons={group.statuses} onRun={onRun} />
      <Buttons label={LAB_TEXTS.subscriptionEnd} buttons={group.ends} onRun={onRun} />
      <Buttons label={LAB_TEXTS.subscriptionData} buttons={group.subscription} onRun={onRun} />
      <Buttons label={LAB_TEXTS.fakeData} buttons={group.fakes} onRun={onRun} />
      <div className="lab__row" role="group" aria-label={LAB_TEXTS.fakeMetrics}>
        <span className="lab__row-label" aria-hidden="true">
          {LAB_TEXTS.fakeMetrics}
        </span>
        <div className="lab__buttons">
          {group.metrics.days.map((days) => (
            <Button
              key={days}
              type="button"
              size="small"
              outlined
              label={LAB_TEXTS.metricsDays(days)}
              disabled={!group.metrics.enabled}
              onClick={() => onRun({ name: 'fake_metrics', settings: { days, reverse } })}
            />
          ))}
          <span className="lab__check">
            <input id={reverseId} type="checkbox" className="lab__checkbox" checked={reverse} onChange={(event) => setReverse(event.target.checked)} />
            <label htmlFor={reverseId}>{LAB_TEXTS.reverse}</label>
          </span>
        </div>
      </div>
      <div className="lab__row" role="group" aria-label={LAB_TEXTS.removals}>
        <span className="lab__row-label" aria-hidden="true">
          {LAB_TEXTS.removals}
        </span>
        <div className="lab__buttons">
          <label htmlFor={countId} className="lab__inline-label">
            {LAB_TEXTS.removalCount}
          </label>
          <input
            id={countId}
            type="number"
            className="p-inputtext p-component lab__count"
            value={countText}
            min={1}
            max={1000}
            step={1}
            onChange={(event) => setCountText(event.target.value)}
          />
          {group.removals.periods.map(({ period, label }) => (
            <Button
              key={period}
              type="button"
              size="small"
              outlined
              label={label}
              aria-label={`Fake ${countText} removals: ${label.toLowerCase()}`}
              disabled={!group.removals.enabled || !countValid}
              onClick={() => onRun({ name: 'members_removal', settings: { count, period } })}
            />
          ))}
          <ActionButton button={group.removals.reset} onRun={onRun} />
        </div>
      </div>
      <Buttons label={LAB_TEXTS.removeData} buttons={group.removes} onRun={onRun} />
    </>
  );
}

const PROGRESS_LABEL = 'Lab call';

/**
 * The lab modal (spec part 2 §2, §6): finders for a user, a group and a member of that group, the
 * actions the records found allow, the calls on everything and the switches; the progress bar of
 * the call under way, done, or failed with the server's reason; a truncation asked about first.
 */
export function LabView({ visible, view, suggestions, onSearch, onFind, onRun, onConfirm, onCancel, onHide }: LabViewProps) {
  const { progress } = view;
  const findersDisabled = !view.finders.enabled;
  const toggleId = useId();
  return (
    <Dialog
      header={LAB_TEXTS.title}
      visible={visible}
      onHide={onHide}
      className="lab"
      style={{ width: '72rem' }}
      breakpoints={{ '1200px': '94vw', '640px': '100vw' }}
      contentClassName="lab__content"
    >
      <div className="lab__progress">
        {progress.state === 'running' ? (
          <ProgressBar mode="indeterminate" aria-label={PROGRESS_LABEL} className="lab__bar" />
        ) : (
          <ProgressBar
            value={progress.state === 'idle' ? 0 : 100}
            showValue={false}
            aria-label={PROGRESS_LABEL}
            className={progress.state === 'failed' ? 'lab__bar lab__bar--failed' : 'lab__bar'}
          />
        )}
        <p className={`lab__caption lab__caption--${progress.state}`} role="status">
          {progress.caption}
        </p>
      </div>
      <div className="lab__grid">
        <div className="lab__column">
          <Card id="lab-user" title={LAB_TEXTS.user}>
            <Finder target="user" label={LAB_TEXTS.findUser} disabled={findersDisabled} suggestions={suggestions.user} onSearch={onSearch} onFind={onFind} />
            {view.user ? (
              <>
                <p className="lab__record">{view.user.user.name}</p>
                <Facts facts={view.user.facts} />
                <Buttons label={LAB_TEXTS.userActions} buttons={view.user.actions} onRun={onRun} />
              </>
            ) : (
              <p className="lab__none">{LAB_TEXTS.noUser}</p>
            )}
          </Card>
          <Card id="lab-membership" title={LAB_TEXTS.membership}>
            {view.finders.membershipGroup ? (
              <Finder
                key={view.finders.membershipGroup.id}
                target="membership"
                label={LAB_TEXTS.findMember(view.finders.membershipGroup.name)}
                disabled={findersDisabled}
                suggestions={suggestions.membership}
                onSearch={onSearch}
                onFind={onFind}
              />
            ) : (
              <p className="lab__none">{LAB_TEXTS.membershipNeedsGroup}</p>
            )}
            {view.membership ? (
              <>
                <Facts facts={view.membership.facts} />
                <Buttons label={LAB_TEXTS.membershipActions} buttons={view.membership.actions} onRun={onRun} />
              </>
            ) : (
              view.finders.membershipGroup && <p className="lab__none">{LAB_TEXTS.noMembership}</p>
            )}
          </Card>
          <Card id="lab-everything" title={LAB_TEXTS.everything}>
            <div className="lab__buttons">
              {view.everything.map((button) => (
                <ActionButton key={button.label} button={button} onRun={onRun} />
              ))}
            </div>
          </Card>
          {view.toggles.length > 0 && (
            <Card id="lab-toggles" title={LAB_TEXTS.toggles}>
              <ul className="lab__toggles">
                {view.toggles.map((toggle, index) => (
                  <li key={toggle.label}>
                    <InputSwitch
                      inputId={`${toggleId}-${index}`}
                      // The input inside is the switch; a second checkbox role around it would nest two controls.
                      pt={{ root: { role: undefined, 'aria-checked': undefined } }}
                      checked={Boolean(toggle.pressed)}
                      disabled={!toggle.enabled}
                      onChange={() => onRun(toggle.action)}
                    />
                    <label htmlFor={`${toggleId}-${index}`}>{toggle.label}</label>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
        <Card id="lab-group" title={LAB_TEXTS.group}>
          <Finder target="group" label={LAB_TEXTS.findGroup} disabled={findersDisabled} suggestions={suggestions.group} onSearch={onSearch} onFind={onFind} />
          {view.group ? (
            <>
              <p className="lab__record">{view.group.group.name}</p>
              <Facts facts={view.group.facts} />
              <GroupActions key={view.group.group.id} group={view.group} onRun={onRun} />
            </>
          ) : (
            <p className="lab__none">{LAB_TEXTS.noGroup}</p>
          )}
        </Card>
      </div>
      <ConfirmDialog
        visible={view.confirmation !== null}
        header={view.confirmation?.header ?? ''}
        message={view.confirmation?.question ?? ''}
        confirmLabel={view.confirmation?.confirmLabel ?? ''}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </Dialog>
  );
}
