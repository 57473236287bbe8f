import type { Twin } from '../../functions/local/server';

/** A signed-in caller of the twin's API over HTTP: a real ID token from the twin's signer, JSON in and out. */
export interface ApiCaller {
  sub: string;
  email: string;
  call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; headers: Headers }>;
}

export async function signedIn(
  twin: Pick<Twin, 'url' | 'signer'>,
  sub: string,
  email: string,
): Promise<ApiCaller> {
  const token = await twin.signer.sign({ sub, email, tokenUse: 'id' });
  return {
    sub,
    email,
    async call<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${twin.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      // A CSV export is text; every other answer is JSON (or empty).
      if (response.headers.get('content-type')?.startsWith('text/csv'))
        return { status: response.status, body: text as T, headers: response.headers };
      return {
        status: response.status,
        body: (text ? JSON.parse(text) : null) as T,
        headers: response.headers,
      };
    },
  };
}

/** The caller's family, created, with one current account: its id. */
export async function familyWithAccount(
  caller: ApiCaller,
  account: { name: string; bank_name: string } = { name: 'Everyday', bank_name: 'Monzo' },
): Promise<string> {
  await caller.call('POST', '/api/family');
  const { body } = await caller.call<{ accounts: Array<{ id: string }> }>('POST', '/api/accounts', {
    accounts: [{ ...account, account_type: 'current' }],
  });
  const id = body.accounts[0]?.id;
  if (!id) throw new Error('the account was not created');
  return id;
}
