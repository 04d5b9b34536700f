import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip, as the request's Accept-Encoding prefers, for every text answer of 1 KB or more:
 * API JSON (after the envelope seals it), the CSV export, the app's pages. The built app's files
 * come already compressed (the build writes a .br and a .gz beside each), so the static handler
 * sends those and this leaves them be. Request bodies are not decompressed: the API reads plain JSON.
 * Registered before any route, as it hooks each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });
}
