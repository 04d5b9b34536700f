import type { AppToggleName } from './enums';

/** Feature toggles of a fresh installation; a missing app_toggles row means this value. */
export const DEFAULT_APP_TOGGLES: Record<AppToggleName, boolean> = {
  login_disabled: false,
  lab: true,
  single_sign_on: true,
  extension_connected: true,
  payment_provider_blocked: false,
  affiliates_enabled: true,
};
