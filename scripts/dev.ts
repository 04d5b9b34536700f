import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
const appPort = process.env.PORT ?? '8080';
const bin = (name: string) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/serve.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SERVE_APP: 'false' },
  }),
  spawn(bin('vite'), ['--port', appPort, '--strictPort'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

function stopAll(code: number) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
