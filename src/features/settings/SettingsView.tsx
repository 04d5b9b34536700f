import type { ReactNode } from 'react';
import './settings.css';

export interface SettingsViewProps {
  /** The page's blocks, in order. */
  blocks: ReactNode[];
}

/** The group's settings page (spec part 2 §2): one block per kind of setting. */
export function SettingsView({ blocks }: SettingsViewProps) {
  return (
    <section className="settings" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      {blocks}
    </section>
  );
}
