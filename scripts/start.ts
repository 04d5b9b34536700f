import { ensureAppBuiltMeanwhile } from './app-build';
import { serveUntilStopped } from '../server/main';

await serveUntilStopped(undefined, { appReady: ensureAppBuiltMeanwhile() });
