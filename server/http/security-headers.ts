import type { Mode } from '../config';
import { NETWORK_IMAGE_SOURCES } from './network-images';

/**
 * The social network's JS SDK, which the live sign-in loads (src/identity/facebookIdentity.ts) and
 * which opens its hidden helper frames on facebook.com. The sandbox never loads it.
 */
export const FACEBOOK_SDK_SCRIPT_SOURCES = ['https://connect.facebook.net'] as const;
export const FACEBOOK_SDK_FRAME_SOURCES = ['https://www.facebook.com', 'https://web.facebook.com', 'https://staticxx.facebook.com'] as const;

/**
 * Stripe.js, which the live card form loads (src/payments/stripeCard.ts): its script and card-field
 * frames come from js.stripe.com, 3-D Secure checks open in hooks.stripe.com, and it reaches
 * api.stripe.com. The sandbox card form never loads it.
 */
export const STRIPE_JS_SCRIPT_SOURCES = ['https://js.stripe.com'] as const;
export const STRIPE_JS_FRAME_SOURCES = ['https://js.stripe.com', 'https://hooks.stripe.com'] as const;
export const STRIPE_API_SOURCES = ['https://api.stripe.com'] as const;

function directive(name: string, sources: readonly string[]): string {
  return [name, ...sources].join(' ');
}

/**
 * The Content-Security-Policy of every answer. Scripts come only from our own origin: the built
 * index.html loads one module file and holds no inline script, and nothing evaluates code from text.
 * Styles also allow 'unsafe-inline': PrimeReact writes each component's base CSS into `<style>`
 * elements at run time (its useStyle hook), which a policy without it blocks on every screen; no
 * nonce reaches a page served as a static file, and styles cannot run code. Images come from us, data:
 * URIs (the theme's icons) and the social network's image hosts, nowhere else.
 */
export function contentSecurityPolicy(mode: Mode): string {
  const live = mode === 'live';
  const scriptSources = ["'self'", ...(live ? [...FACEBOOK_SDK_SCRIPT_SOURCES, ...STRIPE_JS_SCRIPT_SOURCES] : [])];
  const frameSources = live ? [...FACEBOOK_SDK_FRAME_SOURCES, ...STRIPE_JS_FRAME_SOURCES] : [];
  return [
    directive('default-src', ["'self'"]),
    directive('script-src', scriptSources),
    directive('style-src', ["'self'", "'unsafe-inline'"]),
    directive('img-src', ["'self'", 'data:', ...NETWORK_IMAGE_SOURCES]),
    directive('connect-src', ["'self'", ...(live ? STRIPE_API_SOURCES : [])]),
    directive('frame-src', frameSources.length > 0 ? frameSources : ["'none'"]),
    directive('frame-ancestors', ["'none'"]),
    directive('base-uri', ["'self'"]),
    directive('form-action', ["'self'"]),
    directive('object-src', ["'none'"]),
  ].join('; ');
}

/** The headers that keep the app out of other sites' frames and stop browsers guessing content types. */
export function securityHeaders(mode: Mode): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(mode),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
  };
}
