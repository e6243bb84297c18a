/** Demo articles: dynasty analysis that refers to the demo prospects. */
export interface SeedArticle {
  title: string;
  description: string;
  tags: string[];
  author: number;
  daysAgo: number;
  image?: string;
  hidden?: boolean;
  body: string;
}

export const seedContributors = [
  { name: 'Marcus Reed', email: 'marcus.reed@dynastyforge.example', twitter: 'MReedDynasty' },
  { name: 'Tanya Okafor', email: 'tanya.okafor@dynastyforge.example', twitter: 'TanyaScouts' },
  { name: 'Cole Brennan', email: 'cole.brennan@dynastyforge.example', twitter: 'ColeSuperflex' },
  { name: 'Priya Natarajan', email: 'priya.natarajan@dynastyforge.example', twitter: 'PriyaCrunches' },
];

export const seedArticles: SeedArticle[] = [
  {
    title: '2027 Rookie Rankings: Top 24 for Superflex Leagues',
    description:
      'Our first full superflex rookie board for the 2027 class, with tiers and the players we would trade up for.',
    tags: ['Rookies', 'Rankings', 'Superflex'],
    author: 1,
    daysAgo: 1,
    image: '/images/article-rankings.svg',
    body: `The 2027 class is deep at running back and receiver, and it has two quarterbacks with the rushing upside that wins superflex leagues. Here is our first board, built in tiers rather than strict ranks.

[[video:https://www.youtube.com/watch?v=Xk3pJq7LmQ0]]

## Tier 1: the franchise pieces

1. **Rashad Underwood, RB, Miami** — burst, hands and improving pass protection. He is the safest asset in the class.
2. **Ezekiel Crane, QB, Colorado** — the rushing floor is real, and superflex managers should pay for it.
3. **Tobias Ekwueme, WR, Texas A&M** — a 19-year-old breakout with a complete skill set.

## Tier 2: starters with upside

4. Hunter McAllister, QB, Tennessee
5. Zion Blackwood, WR, Washington
6. Keenan Dupree, TE, Missouri (move him up in TE premium)

## How to use this board

Tiers matter more than ranks. If you sit at 1.05 and Tier 2 is intact, trade back and collect a future second. If Tier 1 is down to one name, pay the premium to move up — the drop-off after the top three is steep.`,
  },
  {
    title: 'Five Buy-Low Running Backs Before the Trade Deadline',
    description:
      'Slow starts, crowded backfields and bad touchdown luck have created windows to buy running backs cheaply.',
    tags: ['Buy Low', 'Running Backs', 'Trades'],
    author: 2,
    daysAgo: 3,
    image: '/images/article-trade.svg',
    body: `Running back values swing harder than any other position during the season. A three-week slump can cut a player's trade price in half, even when his usage tells a different story.

## What we look for

- **Snap share above 60%** even when the box score is quiet.
- **Red-zone carries** without the touchdowns to match — touchdown luck evens out.
- **Targets**: receiving work is the stickiest, most valuable part of a running back's role.

## The targets

Second-year backs from the 2025 class are the sweet spot. Managers who drafted **Tre Holloway** expected a workhorse and got a committee, but his yards after contact are among the best in the league and the backfield split is trending his way. **Brody Vanterpool** owners are frustrated by the fumbles; the coaching staff keeps feeding him on third down anyway.

## How to make the offer

Open with a package built around a future second-round pick and a veteran receiver on the decline. Managers who are frustrated want to feel like they won the deal — give them the name value and keep the usage.`,
  },
  {
    title: 'Superflex Strategy: Why Two Quarterbacks Beat Three Receivers',
    description:
      'In superflex, quarterback scarcity drives everything. Here is how to build a roster that never starts a zero at QB.',
    tags: ['Superflex', 'Strategy', 'Quarterbacks'],
    author: 3,
    daysAgo: 6,
    image: '/images/article-superflex.svg',
    body: `There are only 32 starting quarterbacks in the NFL. In a 12-team superflex league, 24 of them should be in starting lineups every week, and bye weeks and injuries make that impossible. That scarcity is the whole game.

[[video:https://www.youtube.com/watch?v=Qb7nR2sTf4E]]

## The math

A QB24 still scores more than the average WR24 in most scoring systems, because passing touchdowns and rushing yards add up. Starting a receiver in your superflex spot is usually a loss of four to six points a week.

## Roster construction

- Roster **three starting quarterbacks** on a contender. The third is insurance against injuries and byes.
- Pay for **rushing quarterbacks**. Rushing yards are worth more than passing yards, and they keep a floor when the offense struggles.
- Young quarterbacks hold their value for years. A 23-year-old starter is one of the best trade chips in the format.

## Rookies

This is why **Devin Castellanos** and **Caleb Arrington** went so high in rookie drafts. Mobile passers with starting jobs are the rarest commodity in superflex.`,
  },
  {
    title: 'Rebuilding in Year One: A Contender-to-Rebuilder Playbook',
    description:
      'When your title window closes, sell fast and sell smart. A step-by-step plan to rebuild in a single offseason.',
    tags: ['Strategy', 'Rebuild'],
    author: 1,
    daysAgo: 9,
    body: `The worst place to be in dynasty is the middle: not good enough to win, not bad enough to get the best picks. If your team is aging and a playoff run looks unlikely, commit to the rebuild.

## Step 1: sell the veterans first

Running backs over 26 and receivers over 29 lose value every month. Sell them before the deadline to contenders who need one more piece.

## Step 2: target picks and young receivers

Receivers age best and hold value the longest. Combine picks with young receivers and you have the core of your next contender.

## Step 3: keep your young quarterbacks

In superflex especially, young starting quarterbacks are the hardest assets to reacquire. Keep them unless you are overwhelmed with an offer.

> A rebuild should last one season, not three. Pick your window and build toward it.`,
  },
  {
    title: 'The Age Cliff: When to Sell Your Running Backs',
    description:
      'Running back production falls off sharply after age 26. The data on when to sell and how much value you lose by waiting.',
    tags: ['Running Backs', 'Aging', 'Analytics'],
    author: 4,
    daysAgo: 12,
    image: '/images/article-chart.svg',
    body: `Every dynasty manager knows running backs age fast. Fewer know how fast. We looked at every running back with a top-24 season since 2010 and tracked what came next.

## What the data shows

- Fantasy points per game peak at **age 24–25**.
- By **age 27**, the average top-24 back has lost about 20% of his peak production.
- By **age 29**, fewer than one in five remain fantasy starters.

## Trade value falls first

The market anticipates the decline. Trade values start falling at 25 and drop sharply at 26, usually a full season before the production does. That is the window to sell: at 25, while the points are still there and the market still believes.

## The exception

Backs with heavy receiving roles age more gracefully. Catching passes is less punishing than running between the tackles, and teams keep a trusted receiving back on the field longer.`,
  },
  {
    title: 'Tight End Premium Leagues: How Much Is a TE Worth?',
    description:
      'An extra half point per reception changes the value of every tight end. How to adjust your rankings and trade offers.',
    tags: ['Tight Ends', 'TE Premium', 'Strategy'],
    author: 4,
    daysAgo: 15,
    body: `In tight end premium (TEP) leagues, tight ends earn 1.5 points per reception instead of 1. It sounds small. It is not.

## The effect on rankings

A tight end with 80 catches gains 40 points over a season. That moves the top five tight ends into the range of WR1s, and it makes the gap between the elite tight ends and the rest even wider.

## Rookie drafts

In TEP, **Noah Delacroix** is a first-round pick. **Keenan Dupree** and **Elijah Stroud** move up a full round. Tight ends still take two or three years to develop, so draft them only if your roster can wait.

## Trade strategy

Many managers in TEP leagues still value tight ends as they would in standard scoring. Buy tight ends from them, and check your league settings before every trade.`,
  },
  {
    title: 'Reading the Combine: Which Drills Matter for Fantasy',
    description:
      'Forty times get the headlines, but size-adjusted speed and agility tell more. What to watch at each position.',
    tags: ['Rookies', 'Combine', 'Analytics'],
    author: 4,
    daysAgo: 18,
    image: '/images/article-stopwatch.svg',
    body: `Every spring, the combine moves rookie draft boards. Some of those moves are justified; many are not.

## Running backs

Speed score (weight-adjusted forty time) has real predictive power for running backs. A 220-pound back who runs a 4.45 is rare, which is why **De'Andre Whitfield** rose so quickly.

## Wide receivers

For receivers, the forty matters less than you think. Production, breakout age and draft capital explain most of the variance in NFL success. Agility drills — the three-cone and short shuttle — add a little for slot receivers.

## Tight ends

Tight ends are where athletic testing matters most. The best fantasy tight ends of the past decade nearly all tested in the top quarter of their class in speed and explosiveness.

## Quarterbacks

Ignore the drills. Watch the throwing sessions, and then ignore those too.`,
  },
  {
    title: 'Rookie Draft Pick Values: A Trade Chart for 2027',
    description: 'What is the 1.06 worth? A pick value chart built from thousands of real dynasty trades.',
    tags: ['Rookies', 'Trades', 'Draft Picks'],
    author: 4,
    daysAgo: 21,
    body: `Draft picks are the currency of dynasty. Knowing their value makes every trade easier.

## The chart

| Pick | Value | Roughly equal to |
|---|---|---|
| 1.01 | 100 | A young WR1 |
| 1.03 | 78 | A WR2 in his prime |
| 1.06 | 55 | Two early seconds |
| 1.10 | 40 | A veteran RB2 |
| 2.01 | 30 | A future first from a contender |
| 2.06 | 20 | A bench receiver with upside |

## Pick values change through the year

Future picks are valued as mid-round picks until the season plays out. Buy next year's firsts from contenders at that price — some of them will be top-five picks.

## Trade up or trade back?

Trade up when a tier is about to end. Trade back when the next four players look the same to you.`,
  },
  {
    title: 'Startup Draft Blueprint for 12-Team Superflex',
    description:
      'A round-by-round plan for a dynasty startup: which positions to take early, which to wait on.',
    tags: ['Startup', 'Superflex', 'Strategy'],
    author: 3,
    daysAgo: 24,
    image: '/images/article-draftboard.svg',
    body: `A dynasty startup shapes your team for years. Here is how we approach a 12-team superflex startup.

## Rounds 1–3: two quarterbacks and an elite receiver

Quarterbacks go early in superflex, and waiting is expensive. Leave the first three rounds with two starting quarterbacks and one young WR1.

## Rounds 4–8: young receivers and one running back

Receivers age slowly and hold value. Running backs score more now but lose value fast; take one, not three.

## Rounds 9–14: upside and the third quarterback

Take a third quarterback here — a young starter or a rookie with a path to the job. Then take swings on young receivers with early breakout ages.

## Rookie picks

If your startup includes rookie picks, the 2027 class is worth the price in the middle rounds. Rookie picks rise in value as the rookie draft approaches.`,
  },
  {
    title: 'Breakout Age and Why It Still Predicts Receiver Success',
    description:
      'Receivers who dominated young in college keep beating the odds in the NFL. How to use breakout age in your rookie drafts.',
    tags: ['Wide Receivers', 'Analytics', 'Rookies'],
    author: 4,
    daysAgo: 27,
    body: `Breakout age is the age at which a receiver first earned a large share of his team's receiving yards — usually 20% or more.

## Why it works

A 19-year-old who out-produces older teammates is showing talent that scouts can miss. Receivers who broke out at 19 or younger have hit as fantasy starters at roughly twice the rate of those who broke out at 21 or later.

## Examples from recent classes

**Kendrick Ayodele** broke out at 19.4 despite sharing the field with two first-round picks. **Tobias Ekwueme** broke out at 19 as well. **Terrell Boykin**, a late breakout at 21, carries more risk even with his size.

## Caveats

Breakout age does not capture everything: transfers, injuries and crowded rooms distort it. Use it as a tiebreaker between players in the same tier, not as a ranking on its own.`,
  },
  {
    title: 'Three Sell-High Receivers After Hot Starts',
    description:
      'Touchdown streaks and easy schedules have inflated a few receivers. Now is the time to cash in.',
    tags: ['Wide Receivers', 'Sell High', 'Trades'],
    author: 1,
    daysAgo: 30,
    body: `Selling high is the hardest move in dynasty. You have to trade a player who is winning you games.

## Signs a receiver is running hot

- A touchdown rate far above his career average.
- Production on a small number of targets.
- A soft early schedule that gets harder in the second half.

## What to ask for

Ask for a younger receiver with a bigger target share plus a pick. Contenders will overpay for points now; let them.

## When to hold

If the target share is real — 25% or more — and the player is under 25, keep him. Volume is what lasts.`,
  },
  {
    title: 'Taxi Squad Stashes with League-Winning Upside',
    description:
      'Your taxi squad is free roster space. Fill it with players who could become starters in a year or two.',
    tags: ['Taxi Squad', 'Stashes', 'Rookies'],
    author: 2,
    daysAgo: 33,
    image: '/images/article-helmet.svg',
    body: `The taxi squad is the most underused part of a dynasty roster. Players there do not count against your bench, so use the spots on upside.

## What to stash

- **Quarterbacks** drafted on day two who could start in year two.
- **Tight ends**, who need two or three years before they produce.
- **Late-round receivers** with strong athletic testing.

## Who we like

**Luca Marchetti** is a classic taxi tight end: a year of blocking, then a role. **Grayson Whitlock** could be a starter sooner than expected in superflex.

## When to promote

Promote a player when he earns a role, not when he has one big game. And check your league's deadline for taxi moves — many leagues lock them at the start of the season.`,
  },
  {
    title: 'Best Ball Dynasty: Building for Spiked Weeks',
    description:
      'In best ball, your best lineup is set for you. That makes volatile, big-play players worth more than you think.',
    tags: ['Best Ball', 'Strategy'],
    author: 3,
    daysAgo: 36,
    body: `In a best ball league, you never set a lineup: your highest scorers are counted automatically each week. That changes the value of volatile players.

## Spiked weeks win

A receiver who scores 4, 25, 6 and 22 is worth more in best ball than one who scores 14 every week. You get his good weeks and never have to start his bad ones.

## Depth matters

Carry more players at each position than you would in a managed league. Byes and injuries are covered automatically, so depth turns directly into points.

## Who rises

Deep threats like **Cam Fairweather** and **Landon Pryor** are best ball darlings: they will have quiet weeks, but their big weeks count.`,
  },
  {
    title: 'Handcuffs Are Overrated in Dynasty — Mostly',
    description:
      'Backup running backs cost roster spots and rarely pay off. When a handcuff is worth it, and when it is not.',
    tags: ['Running Backs', 'Handcuffs'],
    author: 2,
    daysAgo: 39,
    body: `Handcuffing — rostering your starting running back's backup — feels safe. In dynasty, it is usually a waste of a roster spot.

## Why handcuffs disappoint

Backups often split the work when the starter is hurt. And the odds that a specific starter misses significant time in a given season are lower than most managers think.

## When it is worth it

- On a **contender**, when your title hopes depend on one back.
- When the backup would clearly take **the whole workload**.
- When the backup is **young and talented** enough to hold value on his own.

## What to do instead

Use the roster spot on a young receiver or a rookie with upside. Those players can gain value; most handcuffs cannot.`,
  },
  {
    title: '2027 Class Early Look: The Quarterbacks to Know',
    description:
      'Three quarterbacks in the 2027 class could reshape superflex leagues. Our early scouting notes.',
    tags: ['Rookies', '2027 Class', 'Quarterbacks'],
    author: 3,
    daysAgo: 42,
    image: '/images/article-field.svg',
    body: `The 2027 quarterback class does not have a consensus No. 1 yet, but it has the rushing talent superflex managers crave.

[[video:https://vimeo.com/824804225]]

## Ezekiel Crane, Colorado

Crane is the most gifted runner of the group, with 811 rushing yards last season. His accuracy is inconsistent, but his legs give him a floor that pocket passers do not have.

## Hunter McAllister, Tennessee

McAllister throws the best deep ball in college football. He forces too many throws, but when it works, it is spectacular.

## The sleeper

Keep an eye on quarterbacks who transfer this spring. A change of scenery has launched more than one draft stock in recent years.`,
  },
  {
    title: 'Devy Primer: Adding College Players to Your Dynasty League',
    description:
      'Devy leagues let you roster college players before they turn pro. How they work and how to draft in one.',
    tags: ['Devy', 'League Settings'],
    author: 2,
    daysAgo: 45,
    body: `Devy (developmental) leagues let managers draft college players and hold their rights until they reach the NFL. If your league is ready for more depth, devy adds a new layer of strategy.

## How it works

Each team has a few devy roster spots. Players stay there until they are drafted by an NFL team, then they move to your regular roster.

## Drafting well

- Favor **underclassmen**: you hold them longer, and their value rises as the draft approaches.
- Running backs and receivers are safer than quarterbacks, whose stocks swing wildly.
- Track **transfers** and depth charts every spring.

## Names to know

**Rashad Underwood** and **Tobias Ekwueme** are first-round devy picks today.`,
  },
  {
    title: 'Trade Etiquette: Offers That Get Accepted',
    description:
      'The best trade is one both managers are happy with. How to make offers that lead to deals, not silence.',
    tags: ['Trades', 'Community'],
    author: 1,
    daysAgo: 48,
    body: `Most trade offers in dynasty leagues are ignored. A few habits make a big difference.

## Start a conversation

Send a message before an offer. Ask what the other manager needs. A team chasing a title wants different things than one that is rebuilding.

## Lead with fair value

Lowball offers end conversations. An offer that is close to fair gets a counter, and counters lead to deals.

## Explain your thinking

A sentence about why the deal helps them goes a long way. "You need a running back for the playoff push; I need youth" turns a cold offer into a pitch.

## Be patient

Good deals often take a week of back and forth. Do not take a rejection personally.`,
  },
  {
    title: 'IDP Dynasty: Linebackers Who Hold Value for Years',
    description:
      'In IDP leagues, off-ball linebackers are the most reliable scorers. How to find the ones who last.',
    tags: ['IDP', 'Linebackers'],
    author: 4,
    daysAgo: 51,
    image: '/images/article-defense.svg',
    body: `Individual defensive player (IDP) leagues add a whole side of the ball to dynasty. Linebackers are the backbone.

## Why linebackers

Tackle-heavy scoring rewards players who are on the field for every snap. Three-down linebackers lead the league in tackles year after year.

## What to look for

- **Every-down snaps**, including passing downs.
- **Green-dot** duties: the player who wears the communication helmet rarely leaves the field.
- **Age**: linebackers hold value until about 29.

## Rookies

Linebackers drafted in the first two rounds usually earn starting roles quickly. They are the safest IDP rookie picks.`,
  },
  {
    title: 'Positional Scarcity in 14-Team Leagues',
    description:
      'More teams means fewer starters to go around. How league size changes the value of every position.',
    tags: ['League Size', 'Strategy'],
    author: 3,
    daysAgo: 54,
    body: `Moving from 12 to 14 teams sounds like a small change, but it reshapes positional value.

## Quarterbacks and tight ends gain the most

With 14 teams, the 13th and 14th starting quarterbacks are often backups. Every starting quarterback becomes valuable, and in superflex, scarcity becomes extreme.

## Waivers dry up

In deep leagues, the waiver wire rarely has startable players. Depth on your bench matters more, and so do rookie picks.

## Adjust your trade values

A WR3 in a 10-team league is a bench player. In a 14-team league, he is a weekly starter. Check your league's size before you use any trade chart.`,
  },
  {
    title: 'Mock Rookie Draft: 1.01 Through 2.12',
    description:
      'Our writers ran a two-round superflex mock draft of the 2027 class. Picks, reaches and values.',
    tags: ['Rookies', 'Mock Draft', 'Superflex'],
    author: 1,
    daysAgo: 57,
    body: `Four of our writers drafted three teams each in a 12-team superflex rookie mock draft. Here are the highlights.

[[video:https://youtu.be/Mk2dR9vLp3A]]

## Round 1 highlights

- **1.01: Rashad Underwood** — no debate in the room.
- **1.02: Ezekiel Crane** — rushing quarterbacks go early in superflex.
- **1.05: Keenan Dupree** — a reach in standard scoring, fair value in TE premium.

## Round 2 values

**Bryce Okonkwo** at 2.03 and **Dorian Sexton** at 2.07 felt like steals. Both have clear roles and should be productive early.

## Lessons

The room drafted quarterbacks earlier than expected. If you plan to take one, do it in the first round.`,
  },
  {
    title: 'Contender Checklist: Are You Really a Title Team?',
    description:
      'Before you trade picks for veterans, check whether your roster is truly built to win this year.',
    tags: ['Strategy', 'Contending'],
    author: 3,
    daysAgo: 60,
    image: '/images/article-trophy.svg',
    body: `Going all in is tempting. Before you trade future picks for a veteran, run through this checklist.

## The checklist

1. **Points for** in the top three of your league.
2. At least **two quarterbacks** you trust to start (in superflex).
3. No lineup spot filled by a waiver-level player.
4. A playoff schedule that does not run into byes.

## If you pass

Buy the veteran running back that contenders need. His value will fall after the season, but a title is worth it.

## If you fail

Hold your picks. Middle teams that chase a title end up with neither a title nor a future.`,
  },
  {
    title: 'Waiver Wire Priorities for Week 12',
    description: 'Our weekly look at the players worth a claim. Draft in progress.',
    tags: ['Waivers'],
    author: 2,
    daysAgo: 0,
    hidden: true,
    body: `Draft notes for this week's waiver column.

- Check snap counts after Sunday night.
- Look for backups who could start after injuries.`,
  },
  {
    title: 'Offseason Mailbag: Your Dynasty Questions Answered',
    description: 'Your questions on trades, rookies and rebuilding. Collecting questions now.',
    tags: ['Mailbag'],
    author: 1,
    daysAgo: 2,
    hidden: true,
    body: `We are collecting your questions for the offseason mailbag. Send them in and we will answer the best ones.`,
  },
  {
    title: 'Coaching Changes and What They Mean for Fantasy',
    description: 'New play-callers change target shares and rushing volume. Notes in progress.',
    tags: ['Coaching', 'Offseason'],
    author: 4,
    daysAgo: 4,
    hidden: true,
    body: `Notes on new offensive coordinators and their tendencies: pass rate over expected, personnel groupings and how they used running backs in the passing game.`,
  },
];
