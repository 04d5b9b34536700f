import type { RobotCommandName, RobotIdentity } from './protocol';

/** The `source` of what the app posts to the extension's content script, and of what it answers. */
export const APP_SOURCE = 'xfilter-app';
export const EXTENSION_SOURCE = 'xfilter-extension';

/** What the app asks the extension, over window.postMessage. */
export type AppMessage =
  | { source: typeof APP_SOURCE; command: 'hello' }
  | { source: typeof APP_SOURCE; command: 'reload_extension' }
  | { source: typeof APP_SOURCE; command: 'configure'; identity: { user: RobotIdentity['user']; groups: RobotIdentity['groups']; api_token: string } | null }
  | { source: typeof APP_SOURCE; command: 'cancel'; request_id: string }
  | { source: typeof APP_SOURCE; command: RobotCommandName; request_id: string; args: unknown };

/** What the extension answers: who it is, and the progress, result or error of a command by its request id. */
export type ExtensionMessage =
  | {
      type: 'hello';
      extension_id: string;
      extension_version: string;
      extension_name: string;
      robot_version: string;
    }
  | { type: 'progress'; request_id: string; done: number; total: number | null }
  | { type: 'result'; request_id: string; result: unknown }
  | { type: 'error'; request_id: string; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The extension's message in `data`, or null for anything else posted on the page (including the app's own). */
export function readExtensionMessage(data: unknown): ExtensionMessage | null {
  if (!isRecord(data) || data.source !== EXTENSION_SOURCE) return null;
  switch (data.type) {
    case 'hello':
      return isString(data.extension_id) && isString(data.extension_version) && isString(data.extension_name) && isString(data.robot_version)
        ? {
            type: 'hello',
            extension_id: data.extension_id,
            extension_version: data.extension_version,
            extension_name: data.extension_name,
            robot_version: data.robot_version,
          }
        : null;
    case 'progress':
      return isString(data.request_id) && isCount(data.done) && (data.total === null || isCount(data.total))
        ? { type: 'progress', request_id: data.request_id, done: data.done, total: data.total }
        : null;
    case 'result':
      return isString(data.request_id) ? { type: 'result', request_id: data.request_id, result: data.result } : null;
    case 'error':
      return isString(data.request_id) ? { type: 'error', request_id: data.request_id, message: isString(data.message) ? data.message : 'The extension failed.' } : null;
    default:
      return null;
  }
}
