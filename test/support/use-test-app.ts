import { afterAll, beforeAll } from 'vitest';
import {
  createMailTestApp,
  createTestApp,
  type MailTestApp,
  type TestApp,
  type TestAppOptions,
} from './test-app.js';

/**
 * The one fixture of the API tests: `const t = useTestApp(options)` at the top of a file or a `describe`
 * builds the app (on a database of its own) before the tests of that scope and closes it after them. `t` reads
 * through to the app once it is built, so tests write `t.app` as if they held it.
 */
export function useResource<T extends object>(
  create: () => Promise<T>,
  close: (value: T) => Promise<void>,
): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await create();
  });
  afterAll(async () => {
    if (current) await close(current);
    current = undefined;
  });
  const read = (): T => {
    if (!current) throw new Error('the fixture is built in beforeAll: use it inside a test or a hook');
    return current;
  };
  // A view that reads through to the resource, so a scope can hold it before the resource exists.
  return new Proxy({} as T, { get: (_target, key) => Reflect.get(read(), key) as unknown });
}

export function useTestApp(options: TestAppOptions = {}): TestApp {
  return useResource(
    () => createTestApp(options),
    (t) => t.close(),
  );
}

/** {@link useTestApp} with the app's mail going to an SMTP sink of its own (`t.sink`). */
export function useMailTestApp(options: TestAppOptions = {}): MailTestApp {
  return useResource(
    () => createMailTestApp(options),
    (t) => t.close(),
  );
}
