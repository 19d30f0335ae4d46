import type { FieldValues, Resolver } from 'react-hook-form';
import type * as AuthSchemas from './auth-schemas';

// What the auth screens need only once someone acts: Better Auth's client, zod with the shared rules, and the
// dialogs. Splitting them out keeps /auth's first paint light (bench/page-weight.mjs); preloadAuthModules fetches
// them while the visitor reads the page, so nothing waits when they are used.

export const loadAuthClient = () => import('@/lib/auth-client');
export const loadAuthSchemas = () => import('./auth-schemas');
export const loadTermsDialog = () => import('./terms-dialog');
export const loadRolesDialog = () => import('./roles-dialog');
export const loadForgotPasswordDialog = () => import('./forgot-password-dialog');

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

/** Fetches the lazy parts once the page is idle. */
export function preloadAuthModules(): () => void {
  const load = () => {
    void loadAuthSchemas();
    void loadAuthClient();
    void loadTermsDialog();
    void loadRolesDialog();
  };
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 300);
  return () => clearTimeout(timer);
}
