/**
 * The runtime configuration the SPA reads from /config.json before it renders (spec: one build serves any
 * stage). In AWS the web stack deploys it next to the SPA; the twin serves its own (with `userPoolEndpoint`
 * pointing Amplify at the twin's Cognito).
 */
export interface RuntimeConfig {
  stage?: string;
  region?: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only on the twin: where the Cognito user-pool API is served. */
  userPoolEndpoint?: string;
  apiBaseUrl: string;
}

let current: RuntimeConfig | null = null;
let settle: { resolve(config: RuntimeConfig): void; reject(error: Error): void } | null = null;
const ready = new Promise<RuntimeConfig>((resolve, reject) => {
  settle = { resolve, reject };
});
// Nobody may be waiting when it fails (a public page): never an unhandled rejection.
ready.catch(() => undefined);

/** The configuration once /config.json has been read (what needs it, Amplify above all, waits for this). */
export function whenRuntimeConfig(): Promise<RuntimeConfig> {
  return current ? Promise.resolve(current) : ready;
}

/**
 * The signed-in part of the app's code (auth-routes), ready to render: its download starts now, and it is
 * handed over once /config.json has been read (Amplify is configured from it). The public pages do not wait.
 */
export function loadSignedIn<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), whenRuntimeConfig()]).then(([module]) => module);
}

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  const v = value as Partial<RuntimeConfig> | null;
  return (
    typeof v?.userPoolId === 'string' &&
    typeof v.userPoolClientId === 'string' &&
    typeof v.apiBaseUrl === 'string' &&
    (v.userPoolEndpoint === undefined || typeof v.userPoolEndpoint === 'string')
  );
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl('/config.json', {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
    const body: unknown = await response.json();
    if (!isRuntimeConfig(body))
      throw new Error('/config.json lacks userPoolId, userPoolClientId or apiBaseUrl');
    setRuntimeConfig(body);
    return body;
  } catch (error) {
    settle?.reject(error as Error);
    throw error;
  }
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
  settle?.resolve(config);
}

/** The configuration if /config.json has been read, else null. */
export function currentRuntimeConfig(): RuntimeConfig | null {
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration has not been loaded');
  return current;
}
