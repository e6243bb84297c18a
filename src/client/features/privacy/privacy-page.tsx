import type { ReactNode } from 'react';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Link } from '#client/router/links.tsx';
import { SESSION_HINT_COOKIE } from '#common/session-hint.ts';
import {
  KNOWN_BROWSER_COOKIE,
  KNOWN_BROWSER_DAYS,
  LOGIN_FAILURE_WINDOW_MINUTES,
  RESET_LINK_MINUTES,
} from '#common/users.ts';

/** The page draws from no data: the server renders it whole. */
export const pageQueries: PageQueries = () => [];

/** What the site keeps about its visitors, why, and for how long (each fact as the code does it). */
export function PrivacyPage() {
  usePageTitle('Privacy');
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2 border-b border-slate-200 pb-3">
        <h1 className="page-title">Privacy</h1>
        <p className="text-slate-700">
          What this site keeps about you, why, and for how long. It keeps as little as the site needs to work,
          sells nothing, and shows no ads.
        </p>
      </header>

      <Part title="Your account">
        <p>
          If you sign up, the site keeps your name, e-mail address, Twitter handle (if you give one), when the
          account was made, and a one-way hash of your password (argon2), never the password itself. They are
          kept until you delete your account, which you can do yourself on{' '}
          <Link to="/account" className="underline">
            your account page
          </Link>{' '}
          with your password. Deleting it removes the account at once, with its log-ins and the league
          connections saved with it.
        </p>
        <p>
          Articles and prospect profiles you wrote as a contributor stay on the site after you leave, credited
          to a former contributor instead of your name.
        </p>
      </Part>

      <Part title="Logging in">
        <p>
          Logging in sets one cookie, <code>session</code>, holding a random token; the site stores only a
          hash of it. A session lasts 30 days, or until you log out, change or reset your password or change
          your e-mail address (each ends every session of the account), or delete the account. A second
          cookie, <code>{SESSION_HINT_COOKIE}</code>, only tells the page that someone is logged in, and
          whether they write for the site, so it does not have to ask. A third,{' '}
          <code>{KNOWN_BROWSER_COOKIE}</code>, kept for {KNOWN_BROWSER_DAYS} days, marks the browser as one
          that has logged in to your account (and to MFL user names logged in to here) with its current
          password: strangers guessing at your password cannot lock that browser out. It holds a random id and
          a code the site can check, nothing else; the site stores nothing about it.
        </p>
        <p>
          A password-reset link works once, for {RESET_LINK_MINUTES} minutes; the site keeps only a hash of
          it, and its secret part stays after the <code>#</code> in the address, which browsers never send to
          a server.
        </p>
        <p>
          To slow down password guessing, the site counts log-in attempts per network address for a minute,
          and failed ones per e-mail address (and per browser that has logged in before) for{' '}
          {LOGIN_FAILURE_WINDOW_MINUTES} minutes. The counts are then forgotten.
        </p>
      </Part>

      <Part title="League connections">
        <p>
          To read your leagues, the tools connect to MyFantasyLeague (MFL), Sleeper, Fleaflicker and ESPN for
          you. Your MFL password goes to MFL and is never stored: MFL answers with a log-in cookie, which your
          browser keeps in a cookie of this site for 30 days, as it keeps your MFL username (to show which
          account is connected), your Sleeper username and user id, your Fleaflicker e-mail address, and your
          ESPN league and team ids with, for a private ESPN league, the two ESPN cookies you give (espn_s2 and
          SWID), which are sent only to ESPN and never shown again. Disconnecting a service, or clearing your
          cookies, removes them.
        </p>
        <p>
          When you are signed in, the accounts you connect are saved to your site account instead, so that
          they work on any device: MFL’s log-in cookie, the Sleeper user id, the Fleaflicker e-mail and the
          ESPN leagues and cookies, each encrypted with a key only the site’s servers hold, with the account’s
          name (your MFL or Sleeper user name, the e-mail shown shortened) and when a tool last used it. Your{' '}
          <Link to="/account" className="underline">
            account page
          </Link>{' '}
          lists them; switch each off or remove it there. They are kept until you remove them or delete your
          account.
        </p>
      </Part>

      <Part title="Rookie drafts you share">
        <p>
          When you connect MFL you may tick a box to share your leagues’ rookie drafts with{' '}
          <Link to="/tools/rookie-adp" className="underline">
            Rookie ADP
          </Link>
          . It is off unless you tick it; your choice is kept with your account, or without one in a cookie
          for a year. Only the picks are kept (which player went at which pick, when, and the league’s size
          and scoring format), never team or owner names, and each league is marked with a keyed hash rather
          than your name or id. A league’s drafts stay while you, or another member who shares it, still
          share; “Stop sharing” beside the MFL connection (logged out of MFL: log in again with the box
          unticked), or deleting your account, deletes what only you shared. Sleeper’s drafts are public data,
          read through Sleeper’s public API.
        </p>
      </Part>

      <Part title="Server logs">
        <p>
          Like any web server, the site writes a log line for each request: the time, the address asked for,
          the answer’s status and how long it took, and the network address it came from. Passwords, tokens,
          cookies, authorization headers and the values of database queries are left out of the log. How long
          logs and backups are kept is the choice of whoever runs the site, who keeps them to find faults and
          abuse.
        </p>
      </Part>

      <Part title="No trackers">
        <p>
          The site uses no analytics, advertising or tracking of any kind, and no cookies but the ones above.
          Two things come from elsewhere: the sidebar’s social feed loads X’s (Twitter’s) widget when you
          scroll to it (asking X not to track you), and a video in an article is played from YouTube or Vimeo.
          Those services’ own privacy rules apply to what they load.
        </p>
      </Part>
    </article>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card flex flex-col gap-3 p-4 leading-relaxed text-slate-800 sm:p-6">
      <h2 className="font-display text-xl font-bold uppercase tracking-wide text-field-900">{title}</h2>
      {children}
    </section>
  );
}
