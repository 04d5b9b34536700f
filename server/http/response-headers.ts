import type { ServerConfig } from '../config';
import { securityHeaders } from './security-headers';

/** The headers every answer carries, also those the framework gives before any route runs. */
export function responseHeaders(config: ServerConfig): Record<string, string> {
  return {
    'x-app-version': config.appVersion,
    'x-robot-version': config.robotVersion,
    ...securityHeaders(config.mode),
  };
}
