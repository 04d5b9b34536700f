import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { RobotStatus } from '../../../machines/onboarding/steps';

export interface InstallExtensionStepProps {
  robot: RobotStatus | null;
  checking: boolean;
  canCheck: boolean;
  onCheckAgain(): void;
}

function Versions({ robot }: { robot: RobotStatus }) {
  return (
    <p>
      Robot version <strong>{robot.robotVersion ?? 'unknown'}</strong>
      {robot.extensionVersion && (
        <>
          {' '}
          · extension <strong>{robot.extensionVersion}</strong>
        </>
      )}
    </p>
  );
}

/** Step 1: the robot (browser extension) must be installed; once it is, its version shows. */
export function InstallExtensionStep({ robot, checking, canCheck, onCheckAgain }: InstallExtensionStepProps) {
  if (robot?.presence === 'ready' || robot?.presence === 'outdated') {
    return (
      <div className="onboarding-step">
        {robot.presence === 'ready' ? (
          <Message severity="success" text="The xFilter extension is installed in this browser." />
        ) : (
          <Message severity="warn" text="The xFilter extension is installed but out of date. Update it from the extension store before scanning." />
        )}
        <Versions robot={robot} />
        <p className="onboarding-step__muted">Press Next to let the robot find your groups.</p>
      </div>
    );
  }
  return (
    <div className="onboarding-step">
      {robot?.presence === 'disconnected' ? (
        <Message severity="warn" text="The xFilter extension is not answering (disconnected). Make sure it is enabled, then check again." />
      ) : (
        <Message severity="warn" text="The xFilter extension is not installed in this browser." />
      )}
      <p>The extension is the robot that reads your groups for you, right in your browser. To install it:</p>
      <ol className="onboarding-step__instructions">
        <li>Open the xFilter page of the Chrome Web Store and choose “Add to Chrome”.</li>
        <li>Sign in to your social network in this browser, if you are not signed in yet.</li>
        <li>Come back to this page and press “Check again”.</li>
      </ol>
      <Button label={checking ? 'Checking…' : 'Check again'} icon="pi pi-refresh" loading={checking} disabled={!canCheck} onClick={onCheckAgain} />
    </div>
  );
}
