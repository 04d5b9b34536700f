import { Checkbox } from 'primereact/checkbox';
import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import { useId } from 'react';
import { SCHEDULE_TIMES, timeLabelOf, type ScheduleChange } from '../../../machines/settings/schedule';
import { SETTINGS_TEXTS, type JobSchedule, type SettingsPage } from '../../../machines/settings/selectors';
import type { ScheduledJobName } from '../../../rules/groupSettings';
import { LockedOverlay } from '../../ui/LockedOverlay';
import { SettingsLoadState } from './SettingsLoadState';

const TIME_OPTIONS = SCHEDULE_TIMES.map((time) => ({ label: timeLabelOf(time), value: time }));

export interface ScheduleSettingsProps {
  page: SettingsPage;
  purchasePath: string;
  onChange(job: ScheduledJobName, change: ScheduleChange): void;
}

interface TimePickerProps {
  label: string;
  time: string;
  disabled: boolean;
  onChange(time: string): void;
}

/** A time of day in 5-minute steps, in UTC: the browser's own select, which every keyboard and screen reader knows. */
function TimePicker({ label, time, disabled, onChange }: TimePickerProps) {
  return (
    <span className="settings__time">
      <select className="p-inputtext p-component" aria-label={label} value={time} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {TIME_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <span>UTC</span>
    </span>
  );
}

function JobRow({ job, disabled, onChange }: { job: JobSchedule; disabled: boolean; onChange(change: ScheduleChange): void }) {
  const switchId = useId();
  const runsId = useId();
  return (
    <fieldset className="settings__job">
      <legend>{job.humanName}</legend>
      <div className="settings__field settings__field--inline">
        <InputSwitch
          inputId={switchId}
          // The input inside is the switch; a second checkbox role around it would nest two controls.
          pt={{ root: { role: undefined, 'aria-checked': undefined } }}
          checked={job.enabled}
          disabled={disabled}
          onChange={(event) => onChange({ kind: 'enabled', enabled: Boolean(event.value) })}
        />
        <label htmlFor={switchId}>Enabled</label>
      </div>
      <div className="settings__field">
        <span id={runsId}>Runs</span>
        <SelectButton
          className="settings__choices"
          aria-labelledby={runsId}
          value={job.scheduled}
          options={job.runModes}
          allowEmpty={false}
          disabled={disabled}
          onChange={(event) => event.value && onChange({ kind: 'runs', scheduled: event.value as JobSchedule['scheduled'] })}
        />
      </div>
      {job.scheduled === 'everyDay' && (
        <div className="settings__field settings__field--inline">
          <span>At</span>
          <TimePicker label={`${job.humanName} every day at`} time={job.everyDay} disabled={disabled} onChange={(time) => onChange({ kind: 'everyDayTime', time })} />
        </div>
      )}
      {job.scheduled === 'afterJob' && job.afterJobName && <p>After {job.afterJobName} finishes.</p>}
      {job.scheduled === 'perWeekdays' && (
        <ul className="settings__weekdays" aria-label={`${job.humanName} weekdays`}>
          {job.weekdays.map((weekday) => (
            <li key={weekday.day} className="settings__weekday">
              <Checkbox
                inputId={`${switchId}-day-${weekday.day}`}
                checked={weekday.time !== null}
                disabled={disabled}
                onChange={(event) => onChange({ kind: 'weekday', day: weekday.day, on: Boolean(event.checked) })}
              />
              <label htmlFor={`${switchId}-day-${weekday.day}`}>{weekday.name}</label>
              {weekday.time !== null && (
                <TimePicker
                  label={`${job.humanName} on ${weekday.name} at`}
                  time={weekday.time}
                  disabled={disabled}
                  onChange={(time) => onChange({ kind: 'weekdayTime', day: weekday.day, time })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** The settings page's 'Schedule xFilter Tasks' block (spec part 2 §2, §3, §4, §6): locked for free and locked groups. */
export function ScheduleSettings({ page, purchasePath, onChange }: ScheduleSettingsProps) {
  const titleId = useId();
  const lock = page.kind === 'ready' ? page.schedule.lock : null;
  return (
    <section className="settings__block" aria-labelledby={titleId}>
      <h2 id={titleId}>{SETTINGS_TEXTS.scheduleTitle}</h2>
      <LockedOverlay lock={lock} purchasePath={purchasePath}>
        <div className="settings__block-body">
          {page.kind === 'ready' ? (
            page.schedule.jobs.map((job) => <JobRow key={job.name} job={job} disabled={page.saving} onChange={(change) => onChange(job.name, change)} />)
          ) : (
            <SettingsLoadState failed={page.kind === 'loadFailed'} />
          )}
        </div>
      </LockedOverlay>
    </section>
  );
}
