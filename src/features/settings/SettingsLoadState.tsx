import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { SETTINGS_TEXTS } from '../../../machines/settings/selectors';

/** A block's body while the settings load, or once they could not be: the retry is offered once, in the first block. */
export function SettingsLoadState({ failed, failure, onRetry }: { failed: boolean; failure?: string | null; onRetry?: () => void }) {
  if (!failed) {
    return (
      <p role="status">
        <span className="pi pi-spin pi-spinner" aria-hidden="true" /> {SETTINGS_TEXTS.loading}
      </p>
    );
  }
  if (!onRetry) return <p>{SETTINGS_TEXTS.loadFailed}</p>;
  return (
    <div className="settings__row">
      <Message severity="error" text={`${SETTINGS_TEXTS.loadFailed} ${failure ?? ''}`.trim()} />
      <Button type="button" label="Try again" icon="pi pi-refresh" outlined onClick={onRetry} />
    </div>
  );
}
