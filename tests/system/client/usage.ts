import createClient from 'openapi-fetch';
import type { paths } from './api';

/*
 * A client generated from the live document (openapi-typescript writes ./api.d.ts, openapi-fetch calls it),
 * used by tests/system/test/openapi-proxy.test.ts, which generates the types, compiles this file with
 * tsc and runs it: a document a typed client cannot use fails there (docs/api-conventions.md#the-openapi-document).
 */

export function pesoTasksClient(baseUrl: string, cookie: string) {
  return createClient<paths>({ baseUrl, headers: { cookie } });
}

type Client = ReturnType<typeof pesoTasksClient>;

/** The signed-in member's e-mail, read from the typed answer of GET /auth/user. */
export async function ownEmail(client: Client): Promise<string> {
  const { data, error, response } = await client.GET('/auth/user');
  // A refusal without a body is the server's bare 408 (the request did not arrive in time).
  if (!data) throw new Error(`GET /auth/user refused: ${error?.code ?? response.status}`);
  return data.email;
}

/** A payout over the available balance: the typed 400 body, its code one of those the document lists for it. */
export async function refusedPayout(client: Client, amount: string) {
  const { data, error, response } = await client.POST('/payouts', {
    body: { paymentMethod: 'G-CASH', amount, destination: { mobile: '09171234567', accountName: 'Maria Santos' } },
  });
  if (data) throw new Error('the payout was accepted');
  if (!error) throw new Error(`the payout was refused without a body (${response.status})`);
  // Compiles only while the document lists INSUFFICIENT_BALANCE among this operation's codes.
  const insufficient = error.code === 'INSUFFICIENT_BALANCE';
  return { status: response.status, insufficient, code: error.code, message: error.message };
}
