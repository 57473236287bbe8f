import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let eve: ApiCaller;
let adaFamily: string;
let eveFamily: string;

type ErrorBody = { error: { code: string; message: string } };

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  adaFamily = (await ada.call<InitialiseFamilyResponse>('POST', '/api/family', { name: 'Lovelace' })).body
    .family_id;
  eveFamily = (await eve.call<InitialiseFamilyResponse>('POST', '/api/family')).body.family_id;
});
afterAll(async () => {
  await twin?.stop();
});

describe('accounts: POST /api/accounts (spec 2 §5 creation rules)', () => {
  it('creates one account per selected service of a catalogue bank, with generated names', async () => {
    const { status, body } = await ada.call<CreateAccountsResponse>('POST', '/api/accounts', {
      accounts: [
        {
          institution_id: 'monzo',
          services: ['current_accounts', 'savings_accounts', 'mortgages'], // Monzo offers no mortgages: dropped
          account_type: 'current',
        },
      ],
    });
    expect(status).toBe(201);
    expect(body.created).toBe(2);
    expect(body.accounts.map((a) => [a.name, a.account_type, a.services])).toEqual([
      ['Monzo Current Account', 'current', ['current_accounts']],
      ['Monzo Savings Account', 'savings', ['savings_accounts']],
    ]);
    for (const account of body.accounts) {
      expect(account).toMatchObject({
        family_id: adaFamily,
        bank_name: 'Monzo',
        institution_id: 'monzo',
        detected_institution_id: 'GB-MONZO',
        institution_display_name: 'Monzo',
        institution_type: 'fintech',
        is_active: true,
        is_archived: false,
        archived_at: null,
      });
    }
  });

  it('creates a single named account for a bank without selected services', async () => {
    const { body } = await ada.call<CreateAccountsResponse>('POST', '/api/accounts', {
      accounts: [{ institution_id: 'nationwide', name: ' FlexDirect ', account_type: 'current' }],
    });
    expect(body.accounts).toHaveLength(1);
    expect(body.accounts[0]).toMatchObject({
      name: 'FlexDirect',
      bank_name: 'Nationwide Building Society',
      services: [],
    });
  });

  it('creates a manual bank account (no institution: detected_institution_id null)', async () => {
    const { status, body } = await ada.call<CreateAccountsResponse>('POST', '/api/accounts', {
      accounts: [{ bank_name: 'Credit Union of Hackney', name: 'Loan savings', account_type: 'savings' }],
    });
    expect(status).toBe(201);
    expect(body.accounts[0]).toMatchObject({
      name: 'Loan savings',
      bank_name: 'Credit Union of Hackney',
      account_type: 'savings',
      institution_id: null,
      detected_institution_id: null,
      institution_display_name: null,
    });
  });

  it.each([
    ['no bank at all', { name: 'Mystery' }, 'Insufficient information provided for account creation'],
    [
      'a bank without services or name',
      { institution_id: 'barclays', services: [] },
      'Insufficient information provided for account creation',
    ],
    ['an empty manual bank name', { bank_name: '  ', name: 'x' }, 'Bank name is required for manual entry'],
    [
      'an unknown institution',
      { institution_id: 'no-such-bank', bank_name: 'Nobank', name: 'x' },
      'Failed to create accounts for Nobank',
    ],
  ])('refuses %s with the spec message (and creates nothing)', async (_case, account, message) => {
    const before = (await ada.call<{ accounts: Account[] }>('GET', '/api/accounts')).body.accounts.length;
    const { status, body } = await ada.call<ErrorBody>('POST', '/api/accounts', {
      accounts: [{ bank_name: 'Good Bank', name: 'Fine' }, account],
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
    expect((await ada.call<{ accounts: Account[] }>('GET', '/api/accounts')).body.accounts).toHaveLength(
      before,
    );
  });

  it("refuses an empty list with 'Please add at least one account'", async () => {
    const { status, body } = await ada.call<ErrorBody>('POST', '/api/accounts', { accounts: [] });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Please add at least one account');
  });

  it('needs a family first', async () => {
    const newcomer = await signedIn(twin, `new-${ulid()}`, 'new@example.com');
    const { status, body } = await newcomer.call<ErrorBody>('POST', '/api/accounts', {
      accounts: [{ bank_name: 'Barclays', name: 'Main' }],
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Family ID is required');
    expect((await newcomer.call('GET', '/api/accounts')).status).toBe(404);
  });

  it('is idempotent per client request id: a retry creates nothing twice (duplicates count as success)', async () => {
    const request = {
      accounts: [{ client_id: ulid(), institution_id: 'starling', services: ['current_accounts'] }],
    };
    const first = await eve.call<CreateAccountsResponse>('POST', '/api/accounts', request);
    const retry = await eve.call<CreateAccountsResponse>('POST', '/api/accounts', request);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.created).toBe(0);
    expect(retry.body.accounts.map((a) => a.id)).toEqual(first.body.accounts.map((a) => a.id));
    const listed = (await eve.call<{ accounts: Account[] }>('GET', '/api/accounts')).body.accounts;
    expect(listed.filter((a) => a.institution_id === 'starling')).toHaveLength(1);
  });
});

describe('accounts: GET /api/accounts and family scoping', () => {
  it('lists accounts created together in the order they were asked for (also with request ids)', async () => {
    const cara = await signedIn(twin, `cara-${ulid()}`, 'cara@example.com');
    await cara.call('POST', '/api/family');
    const services = ['current_accounts', 'savings_accounts', 'credit_cards', 'isa', 'mortgages'];
    await cara.call('POST', '/api/accounts', {
      accounts: [{ client_id: ulid(), institution_id: 'barclays', services }],
    });
    const listed = (await cara.call<{ accounts: Account[] }>('GET', '/api/accounts')).body.accounts;
    expect(listed.map((a) => a.services[0])).toEqual(services);
  });

  it("lists the family's active accounts, oldest first, with institution name, type and services", async () => {
    const { status, body } = await ada.call<{ accounts: Account[] }>('GET', '/api/accounts');
    expect(status).toBe(200);
    expect(body.accounts.map((a) => a.name)).toEqual([
      'Monzo Current Account',
      'Monzo Savings Account',
      'FlexDirect',
      'Loan savings',
    ]);
    expect(body.accounts.every((a) => a.family_id === adaFamily)).toBe(true);
  });

  it("SECURITY: another family's token cannot read this family's accounts, family or profile", async () => {
    const adaAccounts = (await ada.call<{ accounts: Account[] }>('GET', '/api/accounts')).body.accounts;
    const target = adaAccounts[0]!;
    expect((await ada.call<Account>('GET', `/api/accounts/${target.id}`)).body.name).toBe(target.name);

    const stolen = await eve.call<ErrorBody>('GET', `/api/accounts/${target.id}`);
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.code).toBe('not_found');
    const eveList = (await eve.call<{ accounts: Account[] }>('GET', `/api/accounts?family_id=${adaFamily}`))
      .body.accounts;
    expect(eveList.every((a) => a.family_id === eveFamily)).toBe(true);
    expect(eveList.map((a) => a.id)).not.toContain(target.id);
  });

  it('SECURITY: a family id in the body is ignored; accounts go to the caller family', async () => {
    const { body } = await eve.call<CreateAccountsResponse>('POST', '/api/accounts', {
      family_id: adaFamily,
      accounts: [{ family_id: adaFamily, bank_name: 'Sneaky Bank', name: 'Planted' }],
    });
    expect(body.accounts[0]?.family_id).toBe(eveFamily);
    const adaNames = (await ada.call<{ accounts: Account[] }>('GET', '/api/accounts')).body.accounts.map(
      (a) => a.name,
    );
    expect(adaNames).not.toContain('Planted');
  });
});
