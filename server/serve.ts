import { serveUntilStopped } from './main';

await serveUntilStopped();
