import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-title" className="px-4 pb-20 sm:px-6 sm:pb-28 lg:px-8">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-brand-950 px-6 py-16 text-center shadow-xl sm:px-12 sm:py-20">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_80%_at_20%_0%,var(--color-brand-600),transparent_70%),radial-gradient(ellipse_50%_70%_at_100%_100%,oklch(0.55_0.16_40/0.55),transparent_70%)]"
        />
        <h2 id="closing-title" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-white text-balance sm:text-5xl">
          Bring the right people together at your next event
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-lg text-brand-100 text-pretty">
          Set up your event today and give every attendee a reason to stay for the last session.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/auth"
            className={buttonVariants({ variant: 'inverse', size: 'lg' })}
          >
            Register Free
            <ArrowRight aria-hidden />
          </Link>
          <Link
            to="/contact"
            className={buttonVariants({ variant: 'inverse-outline', size: 'lg' })}
          >
            Schedule a Demo
          </Link>
        </div>
        <p className="mt-8 text-sm text-brand-200">Free to get started · No credit card required · Create events instantly</p>
      </div>
    </section>
  );
}
