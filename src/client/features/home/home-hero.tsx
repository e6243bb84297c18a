import { Link } from '#client/router/links.tsx';

/** The band at the top of the home page: what the site is, and the ways in. */
export function HomeHero() {
  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative mb-8 overflow-hidden rounded-2xl bg-field-900 text-white shadow-lg"
    >
      {/* A picture element rather than a CSS background: the browser finds it in the document and
          fetches it first, instead of after the stylesheet (it is the page's largest paint). */}
      <img
        src="/images/hero-field.svg"
        alt=""
        fetchPriority="high"
        className="absolute inset-0 h-full w-full object-cover object-right"
      />
      <div className="relative bg-gradient-to-r from-field-950 via-field-950/90 to-field-950/70 sm:to-field-950/20 px-6 py-10 sm:px-10 sm:py-14">
        <p className="mb-2 font-display text-sm font-semibold uppercase tracking-[0.2em] text-gold-500">
          Dynasty fantasy football
        </p>
        <h1
          id="home-hero-title"
          className="max-w-xl font-display text-4xl font-bold uppercase leading-tight sm:text-5xl"
        >
          Build a team that wins for years
        </h1>
        <p className="mt-4 max-w-lg text-base text-field-100 sm:text-lg">
          Scouting reports on the next rookie classes, strategy for superflex and best ball, and tools that
          work across your MFL, Sleeper, Fleaflicker and ESPN leagues.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/profiles" className="btn-accent px-5 py-2.5 text-base">
            Browse prospects
          </Link>
          <Link
            to="/articles"
            className="btn border border-white/40 px-5 py-2.5 text-base text-white hover:bg-white/10"
          >
            Latest analysis
          </Link>
        </div>
      </div>
    </section>
  );
}
