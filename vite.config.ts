import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8081}`;

/** PrimeReact's theme CSS declares the whole Inter font; the app uses the system font stack (src/styles/global.css). */
function dropThemeFonts(): Plugin {
  return {
    name: 'xfilter:drop-theme-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!/primereact[\\/]resources[\\/]themes[\\/].*\.css$/.test(id)) return null;
      return { code: code.replace(/@font-face\s*\{[^}]*\}/g, ''), map: null };
    },
  };
}

/** Text files smaller than this travel as they are: compressing them gains less than a packet. */
const PRECOMPRESS_MIN_BYTES = 1024;
const TEXT_FILE = /\.(html|js|css|svg|json|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes a .br and a .gz beside every built text file, which the server sends to browsers that accept them. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'xfilter:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of filesUnder(outDir)) {
        if (!TEXT_FILE.test(path)) continue;
        const content = readFileSync(path);
        if (content.length < PRECOMPRESS_MIN_BYTES) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), dropThemeFonts(), precompress()],
  // The server announces the same package version in X-App-Version; the running build compares against it.
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Which chunks each route loads: scripts/size-limit-routes.ts reads it to hold every route to its budget.
    manifest: true,
    rolldownOptions: {
      output: {
        // Every page needs React and the router: one chunk that stays cached across the app's frequent releases.
        // Other libraries go with the routes that use them (src/app/routeTree/pages.ts).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
});
