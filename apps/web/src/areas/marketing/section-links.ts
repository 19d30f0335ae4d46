/** The landing page's sections, in page order: the header's anchor links and the sections' ids. */
export const SECTION_LINKS = [
  { id: 'features', label: 'Features' },
  { id: 'solutions', label: 'Solutions' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'resources', label: 'Resources' },
] as const;
