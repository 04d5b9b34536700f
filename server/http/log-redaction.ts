import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

export const REDACTED = '[redacted]';

/** The app's token link, /auth/token/{token}: a page path whose segment is a bearer token. */
const TOKEN_LINK = /(\/auth\/token\/)[^/?#]+/gi;

/** The path and query with the token of a token link replaced, so it never reaches the log. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_LINK, `$1${REDACTED}`);
}

/**
 * The access log names a request by method, redacted url, host and peer; it never writes headers,
 * so the Authorization header stays out, and a header object logged on purpose has it censored.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'headers.cookie'], censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
