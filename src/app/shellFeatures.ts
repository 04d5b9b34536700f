import type { components } from '../api/schema';
import type { ShellFeatures } from './shell/types';

type Status = components['schemas']['Status'];

export function shellFeatures({ features, companion_url }: Status): ShellFeatures {
  return {
    lab: features.lab,
    singleSignOn: features.single_sign_on,
    companionUrl: companion_url,
    affiliatesEnabled: features.affiliates_enabled,
  };
}
