import { describe, expect, it } from 'vitest';
import { robotIndicator } from '../../../src/robot/indicator';
import { statusFixture } from '../support/sessionFixtures';

describe('the robot indicator', () => {
  it('shows the sandbox robot while the lab keeps it connected', () => {
    expect(robotIndicator(statusFixture())).toEqual({ installed: true, version: '2.4.0' });
  });

  it('shows no robot when the lab disconnected the sandbox robot', () => {
    const status = statusFixture({ sandbox_toggles: { extension_connected: false, payment_provider_blocked: false } });
    expect(robotIndicator(status)).toEqual({ installed: false, version: null });
  });

  it('shows no robot outside sandbox mode until the extension bridge exists', () => {
    expect(robotIndicator(statusFixture({ sandbox: false, sandbox_toggles: null }))).toEqual({ installed: false, version: null });
  });
});
