import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The landing page's first-party analytics go out with navigator.sendBeacon (happy-dom's sends a real
// request, to an API no component test runs): a component test never sends them anywhere. Tests of the
// events themselves stub it to capture them.
if (typeof navigator !== 'undefined')
  Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true, writable: true });

afterEach(() => cleanup());
