/**
 * A contract's schema, built the first time it is used (parsed with, composed into another schema, looked
 * into), not when its module is loaded. Building zod schemas is work: the contracts hold some hundreds, and a
 * page load of the app built every one in each module it imported, most of them for other routes (in a CPU
 * profile of the overview's load, about 0.1 s of CPU, four times that on Lighthouse's phone), as did a
 * function's cold start. The value stands for the schema wherever code reads from it (its properties and
 * methods, `in`, `instanceof`, zod composing it into another schema), with the schema's own type; it is
 * built once. Enumerating its own keys (`Object.keys(schema)`) sees nothing: read `schema.shape` instead.
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
