import type { SandboxAccountKey } from './accounts';
import type { SandboxGroupKey } from './catalog';

/** Database ids of what the seed inserted, looked up by the sandbox's own keys. */
export interface SeedIds {
  user(key: SandboxAccountKey): number;
  group(key: SandboxGroupKey): number;
  member(fbUserId: string): number;
}
