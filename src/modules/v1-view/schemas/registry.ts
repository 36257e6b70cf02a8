import { z } from "zod";

/**
 * The named schemas of the OpenAPI document (`components.schemas`). Response shapes are rendered as what the
 * server sends (zod output), request bodies as what a client may send (zod input, defaults optional), so the
 * two live in separate registries. Private registries, not zod's global one, so that no other module's ids can
 * collide with ours.
 */
export const responseComponents = z.registry<{ id: string }>();
export const requestComponents = z.registry<{ id: string }>();

/** Names a response schema in the document (a `$ref` wherever it is used), with an optional description. */
export function responseComponent<T extends z.ZodType>(schema: T, id: string, description?: string): T {
  const described = description === undefined ? schema : schema.meta({ description });
  responseComponents.add(described, { id });
  return described;
}

/** Names a request schema in the document. */
export function requestComponent<T extends z.ZodType>(schema: T, id: string, description?: string): T {
  const described = description === undefined ? schema : schema.meta({ description });
  requestComponents.add(described, { id });
  return described;
}
