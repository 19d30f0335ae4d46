import type { FieldValues, Resolver } from 'react-hook-form';
import type * as AuthSchemas from './auth-schemas';

// What the auth screens need only once someone acts: Better Auth's client, zod with the shared rules, and the
// dialogs. Splitting them out keeps /auth's first paint light (bench/page-weight.mjs); preloadAuthModules fetches
// them once the visitor starts to act, so nothing waits when they are used.

export const loadAuthClient = () => import('@/lib/auth-client');
export const loadAuthSchemas = () => import('./auth-schemas');
export const loadTermsDialog = () => import('./terms-dialog');
export const loadRolesDialog = () => import('./roles-dialog');

type Schemas = typeof AuthSchemas;
type SchemaName = 'signInSchema' | 'signUpSchema' | 'forgotPasswordSchema' | 'resetPasswordSchema';

/** A react-hook-form resolver for one of the shared schemas, loaded the first time the form is checked. */
export function lazyResolver<T extends FieldValues>(name: SchemaName): Resolver<T> {
  return async (values, context, options) => {
    const schemas: Schemas = await loadAuthSchemas();
    const resolver = schemas.zodResolver(schemas[name] as never) as unknown as Resolver<T>;
    return resolver(values, context, options);
  };
}

/**
 * Fetches the lazy parts as soon as the visitor starts to act (a tap, a focus, a key): typing an email and a password
 * takes seconds, so they are there when the form is sent. Loading them while the page is still painting would
 * compete with the first paint on a phone (bench/lighthouse.mjs); a visitor who only reads gets them after a while.
 * `more` are the page's own lazy parts, fetched at the same moment.
 */
export function preloadAuthModules(...more: Array<() => Promise<unknown>>): () => void {
  const events = ['pointerdown', 'focusin', 'keydown'] as const;
  let done = false;
  const load = () => {
    if (done) return;
    done = true;
    stop();
    void loadAuthSchemas();
    void loadAuthClient();
    void loadTermsDialog();
    void loadRolesDialog();
    for (const load of more) void load();
  };
  const timer = setTimeout(load, 8000);
  function stop() {
    clearTimeout(timer);
    for (const event of events) window.removeEventListener(event, load, true);
  }
  for (const event of events) window.addEventListener(event, load, { capture: true, passive: true });
  return stop;
}
