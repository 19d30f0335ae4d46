import { EVENT_LIMITS } from '../core/constants.ts';

/** What a slug may contain (spec 02 section 5): lowercase letters, digits and hyphens. */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/** The slug used when a name has no usable character at all (emoji, non-Latin script). */
export const FALLBACK_SLUG = 'event';

/**
 * The spec's Auto-generate rule: lower-case the name, drop characters other than letters, digits, spaces and
 * hyphens, turn spaces into hyphens. Accents are folded first (Café → cafe) so a letter is not lost, runs of
 * hyphens collapse to one and none is left at either end, and the result is cut to a sensible length.
 */
export function slugify(name: string, maxLength = 60): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, Math.min(maxLength, EVENT_LIMITS.slugMax))
    .replace(/^-+|-+$/g, '');
  return slug || FALLBACK_SLUG;
}

/** A slug with a short random suffix, for when the plain one is taken: `summit` -> `summit-k3f9q`. */
export function slugWithSuffix(slug: string, random: () => number = Math.random): string {
  let suffix = '';
  for (let index = 0; index < 5; index++) suffix += '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 36)];
  return `${slug.slice(0, EVENT_LIMITS.slugMax - 6)}-${suffix}`;
}
