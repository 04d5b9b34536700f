/** Build-time settings of the page, from Vite's VITE_* environment variables. */
export interface AppConfig {
  /** The social network's app id for its login SDK (live mode); sandbox mode does not need it. */
  facebookAppId: string | null;
  /** Where banned users write, since the support form is closed to them. */
  supportEmail: string;
}

export const appConfig: AppConfig = {
  facebookAppId: import.meta.env.VITE_FACEBOOK_APP_ID || null,
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@xfilter.app',
};
