import { type ComponentType, lazy, useState } from 'react';

export interface Preloadable<P extends object> {
  (props: P): React.JSX.Element;
  /** Starts loading the component's code (once); the page load calls it before the route renders. */
  preload(): Promise<ComponentType<P>>;
}

/**
 * A lazily loaded component whose code can be fetched ahead of its first render. Rendered once its code has
 * arrived, it shows at once (React.lazy would still suspend for a turn, then hold the content back behind
 * its fallback); rendered before, it is React.lazy. Each mount keeps the way it started, so a component
 * never remounts when its code arrives.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazily loaded module at module level, as React.lazy is
  function Component(props: P) {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Component, { preload });
}
