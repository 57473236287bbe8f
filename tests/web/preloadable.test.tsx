import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from '../../web/src/app/preloadable';

/** A lazily loaded component whose code a page load fetches ahead of its first render. */
function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadable', () => {
  it('rendered after its code has arrived, it shows at once, without its fallback', async () => {
    const load = vi.fn(async () => Greeting);
    const Component = preloadable(load);
    await Component.preload();
    await Component.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Component name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ann')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('rendered before, it waits behind its fallback as React.lazy does, and loads its code once', async () => {
    let arrive: (c: typeof Greeting) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Greeting>((r) => (arrive = r)));
    const Component = preloadable(load);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Component name="Bob" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    void Component.preload();
    await act(async () => arrive(Greeting));
    expect(await screen.findByText('Hello Bob')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a load that failed is tried again by the next preload', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Greeting);
    const Component = preloadable(load);
    await expect(Component.preload()).rejects.toThrow('offline');
    await expect(Component.preload()).resolves.toBe(Greeting);
  });
});
