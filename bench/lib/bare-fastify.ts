// The baseline server of the request-path benches (bench-server.ts, app-server.ts): plain
// `fastify()` with Fastify's default request log (one line received, one answered) at our level,
// into the stream our server logs to, the request described by the same fields as ours
// (apps/api/src/plugins/logger.ts), so that both write lines of the same length; ours also redacts
// secrets in them, the bare one does not. No plugins, no schemas, no authentication.
import fastify from 'fastify';
import { ProcessOutput } from '../../apps/api/src/process/output.js';

/** The process's stdout as serve.ts passes it (never blocking): give it to both servers. */
export const benchLogStream = () => new ProcessOutput(1);

export function bareFastify(logLevel: string, logStream: ProcessOutput) {
  return fastify({
    logger: {
      level: logLevel,
      stream: logStream,
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url,
          remoteAddress: req.ip,
        }),
      },
    },
  });
}
