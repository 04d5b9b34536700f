import { ensureAppBuilt } from './app-build';
import { serveUntilStopped } from '../server/main';

ensureAppBuilt();
await serveUntilStopped();
