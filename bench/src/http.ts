import http from 'node:http';
import type { Send } from '@app/testkit/requests';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpCall {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** The client address to connect from (any of 127.0.0.0/8 reaches a server on 127.0.0.1). */
  localAddress?: string;
}

/** One HTTP/1.1 call to the server on 127.0.0.1:port, without keep-alive. */
export function call(port: number, { method = 'GET', path, headers = {}, json, localAddress }: HttpCall): Promise<HttpAnswer> {
  const payload = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress,
        agent: false,
        headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The testkit's requests (@app/testkit/requests) through `call`, from `localAddress` if given. */
export function httpSender(port: number, localAddress?: string): Send {
  return async ({ method, path, json, cookie }) => {
    const answer = await call(port, { method, path, json, localAddress, headers: cookie ? { cookie } : {} });
    const setCookie = answer.headers['set-cookie'] ?? [];
    return { status: answer.status, body: answer.body, setCookies: setCookie };
  };
}
