import { SkipLink } from '@/components/skip-link';
import { ClosingCta } from './closing-cta';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { ResourcesSection } from './resources-section';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SolutionsSection } from './solutions-section';

/**
 * The public landing page at /. It is the first thing most visitors load, so it uses nothing but CSS and
 * a few icons: no dialogs, no charts; its one request asks whether the visitor is signed in (the header's buttons).
 */
export function LandingPage() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main">
        <HeroSection />
        <FeaturesSection />
        <SolutionsSection />
        <PricingSection />
        <ResourcesSection />
        <ClosingCta />
      </main>
      <SiteFooter />
    </>
  );
}
