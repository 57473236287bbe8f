import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOnboardingStatus } from '../../web/src/features/onboarding/useOnboardingStatus';
import { createFakeApi, type FakeApi } from './support/fake-api';

vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;

function renderStatus() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useOnboardingStatus(), { wrapper });
}

beforeEach(() => {
  localStorage.clear();
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useOnboardingStatus (spec 1 §4 onboarding completeness)', () => {
  it('is complete at once when the local flag is set, without asking the server', () => {
    localStorage.setItem('onboardingComplete', 'true');
    const { result } = renderStatus();
    expect(result.current.status).toBe('complete');
    expect(api.calls).toEqual([]);
  });

  it('is incomplete without a family (404), loading until the answer', async () => {
    const { result } = renderStatus();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('incomplete'));
  });

  it('is incomplete with a family but no accounts, complete with one', async () => {
    api.setFamily('FAMILY');
    const first = renderStatus();
    await waitFor(() => expect(first.result.current.status).toBe('incomplete'));
    first.unmount();
    await api.fetch('/api/accounts', {
      method: 'POST',
      body: JSON.stringify({ accounts: [{ bank_name: 'Monzo', name: 'Joint' }] }),
    });
    const second = renderStatus();
    await waitFor(() => expect(second.result.current.status).toBe('complete'));
  });

  it('is incomplete when the query fails', async () => {
    api.fail('GET /api/accounts', 500);
    const { result } = renderStatus();
    await waitFor(() => expect(result.current.status).toBe('incomplete'));
  });

  it("is incomplete when the query takes more than 5 s ('Family query timeout')", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const { result } = renderStatus();
    expect(result.current.status).toBe('loading');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(result.current.status).toBe('loading');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(result.current.status).toBe('incomplete');
    expect(console.warn).toHaveBeenCalledWith('Onboarding status:', 'Family query timeout');
  });

  it("becomes complete on the wizard's 'onboardingComplete' event", async () => {
    const { result } = renderStatus();
    await waitFor(() => expect(result.current.status).toBe('incomplete'));
    act(() => {
      localStorage.setItem('onboardingComplete', 'true');
      window.dispatchEvent(new Event('onboardingComplete'));
    });
    expect(result.current.status).toBe('complete');
  });

  it('forceOnboardingTest shows onboarding even when the flag says complete', async () => {
    localStorage.setItem('onboardingComplete', 'true');
    localStorage.setItem('forceOnboardingTest', 'true');
    const { result } = renderStatus();
    await waitFor(() => expect(result.current.status).toBe('incomplete'));
  });
});
