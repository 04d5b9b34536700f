import { readToggles } from '../domain/toggles';
import { compareVersions } from '../domain/versions';
import { envelopeKeyPair } from '../http/envelope';
import type { HandlerContext, HandlerGroup } from './types';

export function statusHandlers({ db, config }: HandlerContext): HandlerGroup {
  return {
    async getStatus(request) {
      const { robot_version: robotVersion } = request.query;
      const toggles = await readToggles(db);
      const sandbox = config.mode === 'sandbox';
      return {
        app_version: config.appVersion,
        robot_version: config.robotVersion,
        robot_outdated: robotVersion === undefined ? null : compareVersions(robotVersion, config.minRobotVersion) < 0,
        sandbox,
        features: {
          login_disabled: toggles.login_disabled,
          lab: toggles.lab,
          single_sign_on: toggles.single_sign_on,
          affiliates_enabled: toggles.affiliates_enabled,
        },
        companion_url: config.companionUrl ?? null,
        payment_public_key: sandbox ? null : (config.stripe.publishableKey ?? null),
        sandbox_toggles: sandbox
          ? { extension_connected: toggles.extension_connected, payment_provider_blocked: toggles.payment_provider_blocked }
          : null,
        ...(config.envelopeKey ? { envelope_public_key: envelopeKeyPair(config.envelopeKey).publicKey.toString('base64url') } : {}),
      };
    },
  };
}
