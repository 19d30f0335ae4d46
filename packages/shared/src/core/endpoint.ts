import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Schema = z.ZodType | undefined;

/**
 * One call of the API, as both sides know it: the method, the whole path in OpenAPI form (`/api/events/{eventId}`),
 * and, in the type only, the zod schemas of the answer and of the JSON body. The server's route declares the same
 * path and answers with that schema (`endpointRoute` in apps/server/src/platform/http/openapi.ts), so a change to the answer
 * is a type error in both apps; the web calls it through `call` (apps/web/src/lib/api.ts) and gets the inferred type.
 * The schemas stay types here so that an endpoint costs the browser a few bytes, not zod.
 */
export interface Endpoint<Method extends HttpMethod = HttpMethod, Response extends Schema = Schema, Body extends Schema = Schema> {
  readonly method: Method;
  readonly path: string;
  /** Never set: carries the types. */
  readonly types?: { response: Response; body: Body };
}

/** What a call of the endpoint answers: the answer schema's output, or nothing (204). */
export type ResponseOf<E> = E extends Endpoint<HttpMethod, infer R, Schema> ? (R extends z.ZodType ? z.output<R> : void) : never;

/** What a call of the endpoint sends as its JSON body: the body schema's input. */
export type BodyOf<E> = E extends Endpoint<HttpMethod, Schema, infer B> ? (B extends z.ZodType ? z.input<B> : never) : never;

// One factory per method, so the method stays a literal type while the schemas are named: get<typeof answer>(path).
export const get = <Response extends Schema = undefined>(path: string): Endpoint<'GET', Response, undefined> => ({ method: 'GET', path });
export const post = <Response extends Schema = undefined, Body extends Schema = undefined>(path: string): Endpoint<'POST', Response, Body> => ({
  method: 'POST',
  path,
});
export const put = <Response extends Schema = undefined, Body extends Schema = undefined>(path: string): Endpoint<'PUT', Response, Body> => ({
  method: 'PUT',
  path,
});
export const patch = <Response extends Schema = undefined, Body extends Schema = undefined>(path: string): Endpoint<'PATCH', Response, Body> => ({
  method: 'PATCH',
  path,
});
export const del = <Response extends Schema = undefined, Body extends Schema = undefined>(path: string): Endpoint<'DELETE', Response, Body> => ({
  method: 'DELETE',
  path,
});
