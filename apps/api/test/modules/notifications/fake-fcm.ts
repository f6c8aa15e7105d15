import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { fcmScope } from '../../../src/modules/notifications/index.js';

/**
 * A local stand-in for BOTH Google's OAuth2 token endpoint and FCM HTTP v1, on 127.0.0.1. It
 * checks what the real ones check: the JWT-bearer assertion (RS256, verified with the public key
 * of the service account the test made; issuer, audience, scope, expiry) and, on every send, a
 * Bearer access token it issued. Each device token answers what the test queued for it (then 200).
 */

export const fakeProjectId = 'stride-test';
const clientEmail = 'push@stride-test.iam.gserviceaccount.com';

export interface FakeAnswer {
  status: number;
  body?: object;
  headers?: Record<string, string>;
}

export interface FakeSend {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
  /** What the fake answered. */
  status: number;
}

export interface FakeFcm {
  url: string;
  /** Every send request that carried a valid access token, in arrival order. */
  sends: FakeSend[];
  /** Send requests with a valid access token as they arrive (before any delay). */
  received: number;
  /** Token requests with a valid assertion. */
  tokenGrants: number;
  /** Requests the fake refused (bad assertion, bad or missing access token, wrong path). */
  refused: string[];
  /** Forgets every access token it issued (as when Google revokes them): sends answer 401. */
  revokeAccessTokens(): void;
  /** The next answers for `deviceToken`, in order; after them it answers 200. */
  queue(deviceToken: string, ...answers: FakeAnswer[]): void;
  /** A service-account JSON for this fake in `dir`; its path, for FCM_CREDENTIALS_FILE. */
  writeCredentials(dir: string): Promise<string>;
  /** The env of an app pushing through this fake. */
  env(credentialsFile: string): Record<string, string>;
  close(): Promise<void>;
}

/** FCM's error body for `status` (https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode). */
export function fcmErrorAnswer(status: number, errorCode: string, headers?: Record<string, string>): FakeAnswer {
  const statusName: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    503: 'UNAVAILABLE',
  };
  return {
    status,
    headers,
    body: {
      error: {
        code: status,
        message: `fake ${errorCode}`,
        status: statusName[status] ?? 'UNKNOWN',
        details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
      },
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** `sendDelayMs`: how long FCM takes to answer a send. */
export async function startFakeFcm(options: { sendDelayMs?: number } = {}): Promise<FakeFcm> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privatePem = await exportPKCS8(privateKey);
  const accessTokens = new Set<string>();
  const queues = new Map<string, FakeAnswer[]>();
  let url = '';
  const fake: Omit<FakeFcm, 'close'> = {
    url: '',
    sends: [],
    received: 0,
    tokenGrants: 0,
    refused: [],
    revokeAccessTokens() {
      accessTokens.clear();
    },
    queue(deviceToken, ...answers) {
      queues.set(deviceToken, [...(queues.get(deviceToken) ?? []), ...answers]);
    },
    async writeCredentials(dir) {
      const file = path.join(dir, 'fcm-service-account.json');
      const account = {
        type: 'service_account',
        project_id: fakeProjectId,
        private_key_id: 'fake-key-1',
        private_key: privatePem,
        client_email: clientEmail,
        token_uri: `${url}/token`,
      };
      await writeFile(file, JSON.stringify(account, null, 2));
      return file;
    },
    env(credentialsFile) {
      return { FCM_PROJECT_ID: fakeProjectId, FCM_CREDENTIALS_FILE: credentialsFile, FCM_ENDPOINT: url };
    },
  };

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(body);
        try {
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error('grant_type');
          const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
            algorithms: ['RS256'],
            issuer: clientEmail,
            audience: `${url}/token`,
            requiredClaims: ['iat', 'exp'],
          });
          if (payload.scope !== fcmScope) throw new Error(`scope ${String(payload.scope)}`);
          if (protectedHeader.kid !== 'fake-key-1') throw new Error('kid');
        } catch (err) {
          fake.refused.push(`token: ${(err as Error).message}`);
          return answer(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        }
        fake.tokenGrants += 1;
        const token = `ya29.fake-${randomBytes(12).toString('hex')}`;
        accessTokens.add(token);
        return answer(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      if (req.method === 'POST' && req.url === `/v1/projects/${fakeProjectId}/messages:send`) {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!bearer || !accessTokens.has(bearer)) {
          fake.refused.push('send: no valid access token');
          return answer(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'bad token' } });
        }
        const { message } = JSON.parse(body) as {
          message: { token: string; notification: { title: string; body: string }; data: Record<string, string> };
        };
        fake.received += 1;
        const next = queues.get(message.token)?.shift() ?? { status: 200 };
        if (options.sendDelayMs) await new Promise((r) => setTimeout(r, options.sendDelayMs));
        fake.sends.push({
          token: message.token,
          title: message.notification.title,
          body: message.notification.body,
          data: message.data,
          status: next.status,
        });
        return answer(
          res,
          next.status,
          next.body ?? { name: `projects/${fakeProjectId}/messages/${fake.sends.length}` },
          next.headers,
        );
      }
      fake.refused.push(`${req.method ?? '?'} ${req.url ?? '?'}`);
      return answer(res, 404, { error: { code: 404, status: 'NOT_FOUND', message: 'no such path' } });
    })().catch((err: unknown) => {
      fake.refused.push(`crash: ${String(err)}`);
      res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  return Object.assign(fake, {
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  });
}
