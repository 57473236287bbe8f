import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The landing page's first-party analytics go out with navigator.sendBeacon (happy-dom's sends a real
// request, to an API no component test runs): a component test never sends them anywhere. Tests of the
// events themselves stub it to capture them.
if (typeof navigator !== 'undefined')
  Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true, writable: true });

afterEach(() => cleanup());

// findBy…/waitFor wait for a state; their 1 s default is a deadline a busy 2-core runner passes while a lazy
// route is still loading. A ceiling for a hang instead (the project's test timeout is 15 s).
configure({ asyncUtilTimeout: 10_000 });
