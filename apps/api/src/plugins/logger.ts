import type { FastifyServerOptions } from 'fastify';

/**
 * The server's logger (docs/operations/logs.md): pino, as JSON lines or, for a person at a
 * terminal, pino-pretty's human lines, and never a credential that travels in a URL.
 */

// A query parameter whose value is a credential: the upload signature (sig), keys, and any name
// holding token, code, signature, password, secret, credential, session or api key (reset and verify links' token,
// S3's X-Amz-Signature / X-Amz-Credential / X-Amz-Security-Token, OAuth codes...). The name is
// read decoded: `?%74oken=` is `?token=` to the portal's page, so it is to the log too.
const secretName =
  /^(?:sig|key|[\w.-]*(?:token|code|signature|password|passwd|secret|credential|session|api[_-]?key)[\w.-]*)$/i;
const queryParam = /([?&;])([\w.%+-]+)=([^&#\s"'\\<>]*)/g;
// The password of a URL's user information (redis://:pw@host, smtps://user:pw@host).
const userinfoPassword = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@"'\\]*:)[^\s/@"'\\]+@/gi;
// A parameter whose name may be secret-named: it holds one of secretName's words (`sig` is in
// signature, `key` in api key, `passw` in password and passwd) or is percent-encoded (read decoded,
// it may be anything). Every parameter queryParam would redact matches this; most URLs have none.
const maybeSecretParam = /[?&;][\w.%+-]*?(?:%|sig|key|token|code|passw|secret|credential|session)[\w.%+-]*=/i;

/**
 * The one redaction of the server's output: every secret-named query parameter of a URL (or of any
 * text holding URLs: a log line, an error message) and a URL's password become `[redacted]`.
 */
export function redactUrl(text: string): string {
  // Every log line passes here (docs/decisions/0018-request-path.md): the common one, with no
  // secret-named parameter and no user information, is one scan and no copy.
  let out = text;
  if (out.includes('=') && maybeSecretParam.test(out)) {
    out = out.replace(queryParam, (all, sep: string, name: string) =>
      secretName.test(decodedName(name)) ? `${sep}${name}=[redacted]` : all,
    );
  }
  if (out.includes('@')) out = out.replace(userinfoPassword, '$1[redacted]@');
  return out;
}

function decodedName(name: string): string {
  if (!name.includes('%')) return name;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

export interface LoggerSettings {
  level: string;
  format: 'pretty' | 'json';
  /** Where lines go; unset: stdout. */
  destination?: NodeJS.WritableStream;
  /** Pretty lines in colour (a terminal); default: none. */
  colorize?: boolean;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Fastify's logger options. Pretty is pino-pretty as a stream in this process (not a pino
 * transport: no worker thread to drain at shutdown), loaded only when chosen.
 */
export async function loggerOptions(settings: LoggerSettings): Promise<LoggerOptions> {
  const { destination } = settings;
  let stream: NodeJS.WritableStream | undefined = destination;
  if (settings.format === 'pretty') {
    const { default: pretty } = await import('pino-pretty');
    stream = pretty({
      destination: destination ?? 1,
      colorize: settings.colorize ?? false,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      // Written before process.exit() can cut it off.
      sync: true,
    });
  }
  return {
    level: settings.level,
    // A request is logged as its method, URL and remote address (the serializer below): never its
    // headers, so no Authorization nor Cookie (test/plugins/logger.test.ts). Redacting those paths
    // cloned every request line for nothing (docs/decisions/0018-request-path.md).
    redact: ['body.password'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
    // The last word on every line, whatever logged it (Fastify's own messages quote the raw URL in
    // some error paths, an error's message may hold one): applied to the serialised line.
    hooks: { streamWrite: redactUrl },
    ...(stream ? { stream } : {}),
  };
}
