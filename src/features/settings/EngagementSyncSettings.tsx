import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { Slider } from 'primereact/slider';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SettingChange } from '../../../machines/settings/machine';
import { SETTINGS_TEXTS, type SettingsPage, type SyncBlock, type SyncSlider } from '../../../machines/settings/selectors';
import type { EngagementSyncSettings as Settings, SyncCountKey } from '../../../rules/groupSettings';
import { SettingsLoadState } from './SettingsLoadState';

const LOOKBEHIND_OPTIONS = [
  { label: 'Days', value: 'days' },
  { label: 'Posts', value: 'posts' },
];

/** The keys that move a slider's handle; releasing one saves where it stopped. */
const SLIDER_KEYS = ['ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];

export interface EngagementSyncSettingsProps {
  page: SettingsPage;
  purchasePath: string;
  onChange(change: SettingChange): void;
  onDismissUpgrade(): void;
  onRetry(): void;
}

interface SliderRowProps {
  slider: SyncSlider;
  disabled: boolean;
  upgrade: SyncBlock['upgrade'];
  purchasePath: string;
  onSlid(key: SyncCountKey, value: number): void;
  onDismissUpgrade(): void;
}

/** One sync slider: it shows its value while it is dragged, and saves once it is let go (or a key is released). */
function SliderRow({ slider, disabled, upgrade, purchasePath, onSlid, onDismissUpgrade }: SliderRowProps) {
  const labelId = useId();
  const [dragged, setDragged] = useState<number | null>(null);
  const shown = dragged ?? slider.value;
  const release = (value: number) => {
    setDragged(null);
    onSlid(slider.key, value);
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (SLIDER_KEYS.includes(event.key) && dragged !== null) release(dragged);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && upgrade) onDismissUpgrade();
  };
  return (
    <div className="settings__slider" onKeyUp={onKeyUp} onKeyDown={onKeyDown}>
      <div className="settings__slider-label">
        <span id={labelId}>{slider.label}</span>
        <output aria-labelledby={labelId}>{shown}</output>
      </div>
      <Slider
        aria-labelledby={labelId}
        // The handle would announce its place in percent; the value is what it sets.
        pt={{ handle: { 'aria-valuenow': shown } }}
        min={slider.min}
        max={slider.max}
        step={slider.step}
        value={shown}
        disabled={disabled}
        onChange={(event) => setDragged(event.value as number)}
        onSlideEnd={(event) => release(event.value as number)}
      />
      {upgrade && (
        <div className="settings__upgrade" role="dialog" aria-label="Upgrade to PRO">
          <p role="alert">{upgrade.text}</p>
          <Link className="p-button p-component p-button-sm" to={purchasePath}>
            Upgrade to PRO
          </Link>
          <Button type="button" icon="pi pi-times" text rounded aria-label="Close" onClick={onDismissUpgrade} />
        </div>
      )}
    </div>
  );
}

function SyncBody({ page, purchasePath, onChange, onDismissUpgrade, onRetry }: EngagementSyncSettingsProps) {
  const lookbehindId = useId();
  if (page.kind !== 'ready') return <SettingsLoadState failed={page.kind === 'loadFailed'} failure={page.kind === 'loadFailed' ? page.failure : null} onRetry={onRetry} />;
  const { sync, saving } = page;
  return (
    <>
      <div className="settings__field">
        <span id={lookbehindId}>Look back by</span>
        <SelectButton
          aria-labelledby={lookbehindId}
          value={sync.lookbehindBy}
          options={LOOKBEHIND_OPTIONS}
          allowEmpty={false}
          disabled={saving}
          onChange={(event) => event.value && onChange({ key: 'engagement_sync_lookbehind_by', value: event.value as Settings['engagement_sync_lookbehind_by'] })}
        />
      </div>
      {sync.sliders.map((slider) => (
        <SliderRow
          key={slider.key}
          slider={slider}
          disabled={saving}
          upgrade={sync.upgrade?.key === slider.key ? sync.upgrade : null}
          purchasePath={purchasePath}
          onSlid={(key, value) => onChange({ key, value })}
          onDismissUpgrade={onDismissUpgrade}
        />
      ))}
    </>
  );
}

/** The settings page's 'Engagements Sync Settings' block (spec part 2 §2, §3, §5; part 1 §3). */
export function EngagementSyncSettings(props: EngagementSyncSettingsProps) {
  const titleId = useId();
  return (
    <section className="settings__block" aria-labelledby={titleId}>
      <h2 id={titleId}>{SETTINGS_TEXTS.syncTitle}</h2>
      <div className="settings__block-body">
        <SyncBody {...props} />
      </div>
    </section>
  );
}
