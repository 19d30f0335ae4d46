// The demo's logos: a square mark per sponsor and one for the event, drawn as SVG shapes only (no text, so they
// render the same on a server without fonts). The seed rasterises them and stores them as uploads would be.

const tile = (body: string, background: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="240" height="240">${defs}<rect width="120" height="120" rx="26" fill="${background}"/>${body}</svg>`;

const gradient = (id: string, from: string, to: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;

/** By company name, as in SPONSORS. */
export const SPONSOR_LOGOS: Record<string, string> = {
  // A tree of three tiers on deep green, a gold trunk.
  'Woodgrove Bank': tile(
    '<path d="M60 16 L84 48 H36 Z" fill="#fff"/><path d="M60 32 L92 72 H28 Z" fill="#fff" opacity=".9"/><path d="M60 50 L100 94 H20 Z" fill="#fff" opacity=".8"/><rect x="53" y="92" width="14" height="14" rx="2" fill="#fbbf24"/>',
    '#14532d',
  ),
  // A cloud on a sky-blue gradient.
  'Contoso Cloud': tile(
    '<g fill="#fff"><circle cx="46" cy="64" r="17"/><circle cx="66" cy="54" r="22"/><circle cx="84" cy="68" r="14"/><rect x="29" y="64" width="69" height="18" rx="9"/></g>',
    'url(#contoso)',
    gradient('contoso', '#38bdf8', '#1d4ed8'),
  ),
  // A hexagon of connected nodes on indigo.
  'Fabrikam AI': tile(
    '<g stroke="#a5b4fc" stroke-width="4" fill="none" stroke-linejoin="round"><path d="M60 28 L88 44 L88 76 L60 92 L32 76 L32 44 Z"/><path d="M60 60 V28 M60 60 L88 76 M60 60 L32 76"/></g><g fill="#fff"><circle cx="60" cy="28" r="7"/><circle cx="88" cy="44" r="7"/><circle cx="88" cy="76" r="7"/><circle cx="60" cy="92" r="7"/><circle cx="32" cy="76" r="7"/><circle cx="32" cy="44" r="7"/></g><circle cx="60" cy="60" r="10" fill="#f0abfc"/>',
    '#312e81',
  ),
  // A red shield with a check mark on slate.
  'Litware Security': tile(
    '<path d="M60 20 L92 32 V58 C92 79 78 93 60 102 C42 93 28 79 28 58 V32 Z" fill="#e11d48"/><path d="M45 60 L56 71 L76 49" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>',
    '#0f172a',
  ),
  // Three overlapping circles in warm colours.
  'Proseware Design': tile(
    '<circle cx="47" cy="49" r="24" fill="#f97316" opacity=".9"/><circle cx="73" cy="49" r="24" fill="#ec4899" opacity=".85"/><circle cx="60" cy="72" r="24" fill="#facc15" opacity=".85"/>',
    '#fff7ed',
  ),
  // A magnifying glass over a small bar chart on teal.
  'Trey Research': tile(
    '<rect x="40" y="54" width="7" height="14" rx="2" fill="#5eead4"/><rect x="51" y="44" width="7" height="24" rx="2" fill="#5eead4"/><rect x="62" y="50" width="7" height="18" rx="2" fill="#5eead4"/><circle cx="55" cy="56" r="25" fill="none" stroke="#fff" stroke-width="8"/><path d="M74 75 L96 97" stroke="#fff" stroke-width="12" stroke-linecap="round"/>',
    '#0f766e',
  ),
};

/** Demo Summit's mark: two peaks and a sun on a violet-to-pink gradient. */
export const EVENT_LOGO = tile(
  '<circle cx="84" cy="34" r="10" fill="#fde68a"/><path d="M16 94 L48 44 L63 66 L78 46 L104 94 Z" fill="#fff"/><path d="M48 44 L57 58 L48 54 L40 57 Z" fill="#ddd6fe"/>',
  'url(#summit)',
  gradient('summit', '#7c3aed', '#db2777'),
);
