import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_TAPFILIATE_API_URL } from './adapters/affiliates/tapfiliate';
import { DEFAULT_FACEBOOK_GRAPH_URL } from './adapters/identity/facebook';

export type Mode = 'sandbox' | 'live';

export interface ServerConfig {
  port: number;
  host: string;
  mode: Mode;
  /** PGlite data folder; ignored when databaseUrl is set. Undefined means in memory. */
  dataDir?: string;
  databaseUrl?: string;
  /** Folder of the built app served on the same port; undefined serves the API only. */
  appDir?: string;
  appVersion: string;
  robotVersion: string;
  /** Robots below this version are outdated; never sent to users. */
  minRobotVersion: string;
  sandboxSeed: number;
  /** Multiplies the sandbox network's group sizes: 1 is the real sandbox; tests use a small world such as 0.02. */
  sandboxScale: number;
  /** The companion product reached by single sign-on; unset hides its link. */
  companionUrl?: string;
  logLevel: string;
  /** How long a session stays signed in without being used; each use starts the period again. */
  sessionTtlDays: number;
  /**
   * The secret of the encrypted envelope mode (32 bytes); unset leaves bodies in clear. It never
   * leaves the server: the server's P-256 key pair is derived from it (server/http/envelope.ts).
   */
  envelopeKey?: Buffer;
  /**
   * Which proxies in front of the server may say who the client is (X-Forwarded-For and -Proto):
   * false trusts none, true any, a string those addresses or CIDR ranges (loopback, linklocal and
   * uniquelocal name those ranges).
   */
  trustProxy: boolean | string;
  /**
   * Where /metrics answers: on a second listener at 127.0.0.1 on this port, with no token; and on
   * the public port for a request bearing this token (at least 16 characters). Neither set: nowhere.
   */
  metricsPort?: number;
  metricsToken?: string;
  /**
   * The social network's sign-in (live mode); graphUrl is where its Graph API answers, timeoutMs
   * how long a call may take (UPSTREAM_TIMEOUT_MS, server/adapters/upstream.ts, unless set).
   */
  facebook: { appId?: string; appSecret?: string; graphUrl: string; timeoutMs?: number };
  /**
   * The payment provider (live mode): the secret key, the prices the monthly and annual plans
   * subscribe to, and the secret that signs its webhook events.
   */
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    priceIds: { monthly?: string; annual?: string };
    webhookSecret?: string;
  };
  /**
   * The referral programme (live mode): the account's API key, the programme affiliates join, where
   * the API answers, and how long a call may take (UPSTREAM_TIMEOUT_MS unless set).
   */
  tapfiliate: { apiKey?: string; programId?: string; apiUrl: string; timeoutMs?: number };
}

const packageVersion: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`${name} must be a whole number, got '${value}'`);
  return parsed;
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  const parsed = integer(value, fallback, name);
  if (parsed < 1) throw new Error(`${name} must be at least 1, got '${value}'`);
  return parsed;
}

function envelopeKey(value: string | undefined): Buffer | undefined {
  if (!value) return undefined;
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('ENVELOPE_KEY must be 32 bytes in base64, e.g. the output of openssl rand -base64 32');
  return key;
}

const PROXY_ADDRESS_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.includes(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  return range === undefined || /^\d{1,3}$/.test(range) || isIP(range) !== 0;
}

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: true/false, or a comma list of addresses and CIDR
 * ranges. A hop count is refused: Fastify trusts no proxy for one (it cannot tell a proxy from a
 * client sending a forged chain), so it would silently do nothing.
 */
function trustProxy(value: string | undefined): boolean | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    throw new Error(`TRUST_PROXY takes the proxies' addresses or CIDR ranges, not a hop count ('${text}'): Fastify trusts no proxy for a hop count`);
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) {
    throw new Error(`TRUST_PROXY must be true, false or a comma list of addresses and CIDR ranges, got '${wrong}'`);
  }
  return entries.join(',');
}

function metricsPort(value: string | undefined, port: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = integer(value, 0, 'METRICS_PORT');
  if (parsed < 1 || parsed > 65535) throw new Error(`METRICS_PORT must be a port from 1 to 65535, got '${value}'`);
  if (parsed === port) throw new Error(`METRICS_PORT must differ from PORT (${port}): it is a second listener`);
  return parsed;
}

const MIN_METRICS_TOKEN_LENGTH = 16;

function metricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new Error(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters, e.g. the output of openssl rand -hex 24`);
  }
  return value;
}

/** Reads the configuration from the environment; every setting has a default that runs the sandbox offline. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const mode = (env.XFILTER_MODE ?? 'sandbox') as Mode;
  if (mode !== 'sandbox' && mode !== 'live') throw new Error(`XFILTER_MODE must be sandbox or live, got '${mode}'`);
  const port = integer(env.PORT, 8080, 'PORT');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    mode,
    dataDir: env.DATABASE_URL ? undefined : resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    appDir: env.SERVE_APP === 'false' ? undefined : resolve(env.APP_DIR ?? 'dist'),
    appVersion: env.APP_VERSION ?? packageVersion,
    robotVersion: env.ROBOT_VERSION ?? '2.4.0',
    minRobotVersion: env.MIN_ROBOT_VERSION ?? '2.0.0',
    sandboxSeed: integer(env.SANDBOX_SEED, 1, 'SANDBOX_SEED'),
    sandboxScale: 1,
    companionUrl: env.COMPANION_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionTtlDays: positiveInteger(env.SESSION_TTL_DAYS, 30, 'SESSION_TTL_DAYS'),
    envelopeKey: envelopeKey(env.ENVELOPE_KEY),
    trustProxy: trustProxy(env.TRUST_PROXY),
    metricsPort: metricsPort(env.METRICS_PORT, port),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    facebook: {
      appId: env.FACEBOOK_APP_ID,
      appSecret: env.FACEBOOK_APP_SECRET,
      graphUrl: env.FACEBOOK_GRAPH_URL || DEFAULT_FACEBOOK_GRAPH_URL,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      priceIds: { monthly: env.STRIPE_PRICE_MONTHLY || undefined, annual: env.STRIPE_PRICE_ANNUAL || undefined },
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    },
    tapfiliate: {
      apiKey: env.TAPFILIATE_API_KEY,
      programId: env.TAPFILIATE_PROGRAM_ID,
      apiUrl: env.TAPFILIATE_API_URL || DEFAULT_TAPFILIATE_API_URL,
    },
  };
}
