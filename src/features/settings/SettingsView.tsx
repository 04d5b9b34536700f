import type { ReactNode } from 'react';
import './settings.css';

export interface SettingsViewProps {
  /** The page's blocks; none when the user has nothing to set yet. */
  blocks: ReactNode[];
}

/** The group's settings page (spec part 2 §2): one block per kind of setting. */
export function SettingsView({ blocks }: SettingsViewProps) {
  return (
    <section className="settings" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      {blocks.length > 0 ? blocks : <p className="settings__empty">There is nothing to set here yet.</p>}
    </section>
  );
}
