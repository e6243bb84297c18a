import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleListItem, ListAnswer, Profile } from '#common/content.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { articles, profiles, users } from '../db/schema.ts';
import { seedDemoContent } from './seed.ts';

// The demo files in order, as [shortname, title or name].
const demoArticles = [
  ['2027-rookie-rankings-top-24-for-superflex-leagues', '2027 Rookie Rankings: Top 24 for Superflex Leagues'],
  [
    'five-buy-low-running-backs-before-the-trade-deadline',
    'Five Buy-Low Running Backs Before the Trade Deadline',
  ],
  [
    'superflex-strategy-why-two-quarterbacks-beat-three-receivers',
    'Superflex Strategy: Why Two Quarterbacks Beat Three Receivers',
  ],
  [
    'rebuilding-in-year-one-a-contender-to-rebuilder-playbook',
    'Rebuilding in Year One: A Contender-to-Rebuilder Playbook',
  ],
  ['the-age-cliff-when-to-sell-your-running-backs', 'The Age Cliff: When to Sell Your Running Backs'],
  ['tight-end-premium-leagues-how-much-is-a-te-worth', 'Tight End Premium Leagues: How Much Is a TE Worth?'],
  [
    'reading-the-combine-which-drills-matter-for-fantasy',
    'Reading the Combine: Which Drills Matter for Fantasy',
  ],
  ['rookie-draft-pick-values-a-trade-chart-for-2027', 'Rookie Draft Pick Values: A Trade Chart for 2027'],
  ['startup-draft-blueprint-for-12-team-superflex', 'Startup Draft Blueprint for 12-Team Superflex'],
  [
    'breakout-age-and-why-it-still-predicts-receiver-success',
    'Breakout Age and Why It Still Predicts Receiver Success',
  ],
  ['three-sell-high-receivers-after-hot-starts', 'Three Sell-High Receivers After Hot Starts'],
  ['taxi-squad-stashes-with-league-winning-upside', 'Taxi Squad Stashes with League-Winning Upside'],
  ['best-ball-dynasty-building-for-spiked-weeks', 'Best Ball Dynasty: Building for Spiked Weeks'],
  ['handcuffs-are-overrated-in-dynasty-mostly', 'Handcuffs Are Overrated in Dynasty — Mostly'],
  ['2027-class-early-look-the-quarterbacks-to-know', '2027 Class Early Look: The Quarterbacks to Know'],
  [
    'devy-primer-adding-college-players-to-your-dynasty-league',
    'Devy Primer: Adding College Players to Your Dynasty League',
  ],
  ['trade-etiquette-offers-that-get-accepted', 'Trade Etiquette: Offers That Get Accepted'],
  ['idp-dynasty-linebackers-who-hold-value-for-years', 'IDP Dynasty: Linebackers Who Hold Value for Years'],
  ['positional-scarcity-in-14-team-leagues', 'Positional Scarcity in 14-Team Leagues'],
  ['mock-rookie-draft-1-01-through-2-12', 'Mock Rookie Draft: 1.01 Through 2.12'],
  ['contender-checklist-are-you-really-a-title-team', 'Contender Checklist: Are You Really a Title Team?'],
  ['waiver-wire-priorities-for-week-12', 'Waiver Wire Priorities for Week 12'],
  ['offseason-mailbag-your-dynasty-questions-answered', 'Offseason Mailbag: Your Dynasty Questions Answered'],
  ['coaching-changes-and-what-they-mean-for-fantasy', 'Coaching Changes and What They Mean for Fantasy'],
];
const demoProfiles = [
  ['jaquan-merriweather', "Ja'Quan Merriweather"],
  ['devin-castellanos', 'Devin Castellanos'],
  ['tre-holloway', 'Tre Holloway'],
  ['elijah-stroud', 'Elijah Stroud'],
  ['kendrick-ayodele', 'Kendrick Ayodele'],
  ['brody-vanterpool', 'Brody Vanterpool'],
  ['isaiah-pemberton', 'Isaiah Pemberton'],
  ['darnell-fitzhugh', 'Darnell Fitzhugh'],
  ['deandre-whitfield', "De'Andre Whitfield"],
  ['caleb-arrington', 'Caleb Arrington'],
  ['xavier-lumpkin', 'Xavier Lumpkin'],
  ['noah-delacroix', 'Noah Delacroix'],
  ['malik-osei-bonsu', 'Malik Osei-Bonsu'],
  ['jalen-thibodeaux', 'Jalen Thibodeaux'],
  ['grayson-whitlock', 'Grayson Whitlock'],
  ['terrell-boykin', 'Terrell Boykin'],
  ['amari-redmond', 'Amari Redmond'],
  ['luca-marchetti', 'Luca Marchetti'],
  ['cam-fairweather', 'Cam Fairweather'],
  ['josiah-kettleman', 'Josiah Kettleman'],
  ['rashad-underwood', 'Rashad Underwood'],
  ['tobias-ekwueme', 'Tobias Ekwueme'],
  ['hunter-mcallister', 'Hunter McAllister'],
  ['zion-blackwood', 'Zion Blackwood'],
  ['keenan-dupree', 'Keenan Dupree'],
  ['mateo-villanueva', 'Mateo Villanueva'],
  ['dorian-sexton', 'Dorian Sexton'],
  ['ezekiel-crane', 'Ezekiel Crane'],
  ['bryce-okonkwo', 'Bryce Okonkwo'],
  ['landon-pryor', 'Landon Pryor'],
];

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('demo content', () => {
  // How long seeding takes is measured in bench/timings.ts.
  it('fills an empty database, once', async () => {
    const seeded = await seedDemoContent(t.database.db);
    expect(seeded.articles).toBeGreaterThanOrEqual(20);
    expect(seeded.profiles).toBeGreaterThanOrEqual(25);
    expect(await seedDemoContent(t.database.db)).toEqual({ articles: 0, profiles: 0 });
    const [{ n }] = await t.database.db.select({ n: count() }).from(articles);
    expect(n).toBe(seeded.articles);
  });

  it('seeds every demo file in order, with its front matter and body', async () => {
    const { db } = t.database;
    const arts = await db
      .select({
        shortname: articles.shortname,
        title: articles.title,
        tags: articles.tags,
        image: articles.image,
        date: articles.date,
        isVisible: articles.isVisible,
        body: articles.body,
        bodyHtml: articles.bodyHtml,
        author: users.name,
      })
      .from(articles)
      .leftJoin(users, eq(users.id, articles.contributorId))
      .orderBy(asc(articles.id));
    expect(arts.map((a) => [a.shortname, a.title])).toEqual(demoArticles);
    expect(arts.filter((a) => !a.isVisible).map((a) => a.shortname)).toEqual([
      'waiver-wire-priorities-for-week-12',
      'offseason-mailbag-your-dynasty-questions-answered',
      'coaching-changes-and-what-they-mean-for-fantasy',
    ]);
    const [first, second] = arts;
    expect(first).toMatchObject({
      tags: ['Rookies', 'Rankings', 'Superflex'],
      image: '/images/article-rankings.svg',
      author: 'Marcus Reed',
    });
    expect(first.body).toMatch(/^The 2027 class is deep at running back/);
    expect(first.body).toMatch(/the drop-off after the top three is steep\.$/);
    expect(first.bodyHtml).toContain('<h2>Tier 1: the franchise pieces</h2>');
    // daysAgo 1 and 3, one hour apart per place in the list.
    expect(first.date.getTime() - second.date.getTime()).toBe((2 * 24 + 1) * 3600 * 1000);

    const people = await db
      .select({
        shortname: profiles.shortname,
        name: profiles.name,
        position: profiles.position,
        school: profiles.school,
        year: profiles.year,
        height: profiles.height,
        weight: profiles.weight,
        image: profiles.image,
        description: profiles.description,
        isVisible: profiles.isVisible,
        body: profiles.body,
        author: users.name,
      })
      .from(profiles)
      .leftJoin(users, eq(users.id, profiles.contributorId))
      .orderBy(asc(profiles.id));
    expect(people.map((p) => [p.shortname, p.name])).toEqual(demoProfiles);
    expect(people.filter((p) => !p.isVisible).map((p) => p.shortname)).toEqual([
      'darnell-fitzhugh',
      'josiah-kettleman',
    ]);
    expect(people[0]).toMatchObject({
      position: 'WR',
      school: 'LSU',
      year: 2025,
      height: `6'1"`,
      weight: '198',
      image: '/images/prospect-wr.svg',
      author: 'Marcus Reed',
      description: 'A smooth X receiver who wins at all three levels and made the leap as a true junior.',
    });
    expect(people[0].body).toMatch(
      /^## Overview\n\nJa'Quan Merriweather \(WR, LSU\) measures 6'1" and 198 lb/,
    );
    expect(people.find((p) => p.shortname === 'ezekiel-crane')).toMatchObject({
      image: '',
      author: 'Cole Brennan',
    });
    const authors = await db
      .select({ name: users.name, twitter: users.twitter })
      .from(users)
      .where(eq(users.isContributor, true))
      .orderBy(asc(users.id));
    expect(authors).toEqual([
      { name: 'Marcus Reed', twitter: 'MReedDynasty' },
      { name: 'Tanya Okafor', twitter: 'TanyaScouts' },
      { name: 'Cole Brennan', twitter: 'ColeSuperflex' },
      { name: 'Priya Natarajan', twitter: 'PriyaCrunches' },
    ]);
  });

  it('has visible and hidden items, authors, tags, videos and local images', async () => {
    const list = (
      await t.request({ method: 'GET', url: '/api/articles?limit=100' })
    ).json() as ListAnswer<ArticleListItem>;
    const [{ n: all }] = await t.database.db.select({ n: count() }).from(articles);
    expect(list.total).toBeLessThan(all);
    expect(list.items.every((a) => a.contributor?.name && a.tags.length > 0)).toBe(true);
    const withVideo = list.items.filter((a) => a.body.includes('[[video:'));
    expect(withVideo.length).toBeGreaterThan(0);
    const detail = await t.request({ method: 'GET', url: `/api/articles/${withVideo[0].shortname}` });
    expect(detail.json().bodyHtml).toContain('youtube-nocookie.com/embed/');
    expect(list.items.some((a) => a.image === '')).toBe(true);
    expect(list.items.every((a) => a.image === '' || a.image.startsWith('/images/'))).toBe(true);
    const people = (
      await t.request({ method: 'GET', url: '/api/profiles?limit=100' })
    ).json() as ListAnswer<Profile>;
    expect(new Set(people.items.map((p) => p.position))).toEqual(new Set(['QB', 'RB', 'WR', 'TE']));
    expect(new Set(people.items.map((p) => p.year))).toEqual(new Set([2025, 2026, 2027]));
    expect(people.items.every((p) => /^\d'\d{1,2}"$/.test(p.height) && /^\d{3}$/.test(p.weight))).toBe(true);
  });

  it('leaves a database with content alone', async () => {
    const other = await makeTestApp();
    try {
      const { cookie } = await other.userWithRole('superuser');
      await other.request({ method: 'POST', url: '/api/articles', cookie, payload: { title: 'Mine' } });
      expect(await seedDemoContent(other.database.db)).toEqual({ articles: 0, profiles: 0 });
      const [{ n }] = await other.database.db.select({ n: count() }).from(profiles);
      expect(n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
