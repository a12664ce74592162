/**
 * Values kept between calls and handed to many (a cache's entries). They are shared, so never
 * changed after they are kept: an answer that is one of them can be written once and its text
 * reused (see plugins/response-shapes.ts).
 */
const keptValues = new WeakSet<object>();

export function markKept<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null) keptValues.add(value);
  return value;
}

export function isKept(value: unknown): value is object {
  return typeof value === 'object' && value !== null && keptValues.has(value);
}
