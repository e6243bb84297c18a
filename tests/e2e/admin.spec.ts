import type { Locator, Page } from '@playwright/test';
import type { Article, Profile } from '#common/content.ts';
import { addAccount, expect, logInByApi, test } from './admin-support.ts';
import { unique } from './support.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/admin';
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const visibleCell = (r: Locator) =>
  r
    .getByRole('cell')
    .filter({ hasText: /^(Yes|No)$/ })
    .last();

/** The shortname the server gave an item, read through the admin API of the page's session. */
async function shortnameOf(page: Page, kind: 'articles' | 'profiles', title: string): Promise<string> {
  const res = await page.request.get(
    `/api/${kind}?isAdmin=true&limit=100&search=${encodeURIComponent(title)}`,
  );
  const items = (await res.json()).items as (Article | Profile)[];
  const item = items.find((i) => ('title' in i ? i.title : i.name) === title);
  expect(item, `${title} in the admin list`).toBeTruthy();
  return item!.shortname;
}

test.describe('super user', () => {
  test('creates an article with tags, publishes it, then hides it again', async ({
    adminPage: page,
    contributor,
    browser,
    baseURL,
  }) => {
    const title = unique('Trade Targets');
    await page.goto('/admin');
    await page.getByRole('link', { name: 'New article' }).click();
    await expect(page).toHaveURL('/admin/article/new');
    await expect(page.getByRole('heading', { name: 'New Article' })).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Contributor', { exact: true }).selectOption({ label: contributor.user.name });
    await expect(page.getByLabel('Date', { exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Description', { exact: true })).toHaveAttribute(
      'placeholder',
      /under 200 characters/,
    );
    await page.getByLabel('Description', { exact: true }).fill('Who to buy before the deadline.');
    await page.getByLabel('Image URL', { exact: true }).fill('/favicon.svg');
    const tags = page.getByLabel('Tags', { exact: true });
    for (const tag of ['Rookies', 'Sleepers', 'rookies']) {
      await tags.fill(tag);
      await tags.press('Enter');
      await expect(tags).toHaveValue('');
    }
    const added = page.getByRole('list', { name: 'Tags added' }).getByRole('listitem');
    await expect(added).toHaveText(['Rookies', 'Sleepers']);
    await page.getByRole('button', { name: 'Remove tag Sleepers' }).click();
    await expect(added).toHaveText(['Rookies']);
    await page.getByLabel('Body', { exact: true }).fill('Buy **low** and sell high.');
    await expect(page.getByLabel('Is Visible', { exact: true })).not.toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL('/admin/articles');
    await expect(page.getByTestId('saved-notice')).toHaveText(
      new RegExp(
        `^Saved “${title}” at \\d{1,2}:\\d{2}( [AP]M)?\\. It is hidden from the site until you tick Is Visible\\.$`,
      ),
    );
    await expect(visibleCell(row(page, title))).toHaveText('No');
    await expect(row(page, title)).toContainText(contributor.user.name);
    const shortname = await shortnameOf(page, 'articles', title);
    // Hidden: the super user sees a draft preview at its address, a reader nothing.
    await page.goto(`/article/${shortname}`);
    await expect(page.getByRole('status').filter({ hasText: 'Draft preview.' })).toBeVisible();
    const reader = await browser.newPage({ baseURL });
    await reader.goto(`/article/${shortname}`);
    await expect(reader.getByRole('heading', { name: 'Article not found' })).toBeVisible();

    // Publish.
    await page.goto('/admin/articles');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(added).toHaveText(['Rookies']);
    await page.getByLabel('Is Visible', { exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/admin/articles');
    await expect(page.getByTestId('saved-notice')).toContainText('It is on the site.');
    await expect(visibleCell(row(page, title))).toHaveText('Yes');
    // The notice was for that save: the list opened again does not repeat it.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Articles' }).click();
    await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible();
    await expect(page.getByTestId('saved-notice')).toHaveCount(0);
    await page.goto(`/article/${shortname}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'low' })).toBeVisible();

    // Hide again.
    await page.goto('/admin/articles');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByLabel('Is Visible', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(visibleCell(row(page, title))).toHaveText('No');
    // The super user still sees it there, as a draft; a reader finds nothing.
    await page.goto(`/article/${shortname}`);
    await expect(page.getByRole('status').filter({ hasText: 'Draft preview.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await reader.goto(`/article/${shortname}`);
    await expect(reader.getByRole('heading', { name: 'Article not found' })).toBeVisible();
    await reader.close();
    // A logged-in reader finds nothing too, and his page makes no admin read bound to be refused.
    const account = await addAccount(page.request, {}, unique('Reader'));
    const signedIn = await browser.newPage({ baseURL });
    await logInByApi(signedIn.request, account.email, account.password);
    const adminReads: string[] = [];
    signedIn.on('request', (r) => {
      if (r.url().includes('isAdmin=')) adminReads.push(r.url());
    });
    await signedIn.goto(`/article/${shortname}`);
    await expect(signedIn.getByRole('heading', { name: 'Article not found' })).toBeVisible();
    // The page has asked who is logged in by now: the header names him.
    await expect(signedIn.getByRole('button', { name: account.user.name })).toBeVisible();
    expect(adminReads).toEqual([]);
    await signedIn.close();
  });

  test('creates a profile, publishes it, then hides it again', async ({
    adminPage: page,
    browser,
    baseURL,
  }) => {
    const name = unique('Jalen Prospect');
    await page.goto('/admin/profiles');
    await page.getByRole('link', { name: '+ New' }).click();
    await expect(page).toHaveURL('/admin/profile/new');
    await page.getByLabel('Draft Eligible (Year)', { exact: true }).fill('2027');
    await page.getByLabel('Name', { exact: true }).fill(name);
    // A tight end: content.spec.ts counts the wide receivers and running backs meanwhile.
    await page.getByLabel('Position', { exact: true }).fill('TE');
    await page.getByLabel('School', { exact: true }).fill('Ohio State');
    const height = page.getByRole('group', { name: 'Height' });
    await height.getByLabel('Feet').selectOption('6');
    await height.getByLabel('Inches').selectOption('2');
    await expect(page.getByLabel('Weight (lbs)')).toHaveAttribute('type', 'number');
    await page.getByLabel('Weight (lbs)').fill('205');
    await page.getByRole('group', { name: 'Height' }).scrollIntoViewIfNeeded();
    await shot(page, 'profile-form-1280', true);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('group', { name: 'Height' }).scrollIntoViewIfNeeded();
    await shot(page, 'profile-form-390', true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Description', { exact: true }).fill('A vertical threat.');
    await page.getByLabel('Body', { exact: true }).fill('Runs a *clean* route tree.');
    await page.getByLabel('Is Visible', { exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL('/admin/profiles');
    const r = row(page, name);
    await expect(r).toContainText('2027');
    await expect(r).toContainText('TE');
    await expect(r).toContainText('Ohio State');
    await expect(visibleCell(r)).toHaveText('Yes');
    const shortname = await shortnameOf(page, 'profiles', name);
    await page.goto(`/profile/${shortname}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`6'2"`);
    await expect(page.getByRole('main')).toContainText('205 lb');

    await page.goto('/admin/profiles');
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByLabel('Draft Eligible (Year)', { exact: true })).toHaveValue('2027');
    await expect(height.getByLabel('Feet')).toHaveValue('6');
    await expect(height.getByLabel('Inches')).toHaveValue('2');
    await expect(page.getByLabel('Weight (lbs)')).toHaveValue('205');
    await page.getByLabel('Is Visible', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(visibleCell(row(page, name))).toHaveText('No');
    await page.goto(`/profile/${shortname}`);
    await expect(page.getByRole('status').filter({ hasText: 'Draft preview.' })).toBeVisible();
    const reader = await browser.newPage({ baseURL });
    await reader.goto(`/profile/${shortname}`);
    await expect(reader.getByRole('heading', { name: 'Prospect not found' })).toBeVisible();
    await reader.close();
  });

  test('makes a plain user a contributor through the user form', async ({
    adminPage: page,
    browser,
    baseURL,
  }) => {
    const account = await addAccount(page.request);
    await page.goto('/admin/users');
    await expect(page.getByRole('columnheader')).toHaveText([
      'Name',
      'Email',
      'Is Contributor?',
      'Is Super User?',
      'Actions',
    ]);
    await page.getByRole('link', { name: `Edit ${account.user.name}` }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(account.user.name);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await expect(page.getByLabel('Twitter Handle', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Is Super User', { exact: true })).not.toBeChecked();
    await page.getByLabel('Is Contributor', { exact: true }).check();
    await page.getByLabel('Twitter Handle', { exact: true }).fill('@new_writer');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/admin/users');
    const r = row(page, account.user.name);
    await expect(r.getByRole('cell').nth(2)).toHaveText('Yes');
    await expect(r.getByRole('cell').nth(3)).toHaveText('No');

    // The new contributor now gets into the admin panel.
    const theirs = await browser.newContext({ baseURL });
    await logInByApi(theirs.request, account.email, account.password);
    const theirPage = await theirs.newPage();
    await theirPage.goto('/admin');
    await expect(theirPage.getByRole('heading', { name: 'Admin Home' })).toBeVisible();
    await theirs.close();
  });

  test('adds an account from the contributors table', async ({ adminPage: page }) => {
    const name = unique('Added Writer');
    await page.goto('/admin');
    await page.getByRole('link', { name: 'New contributor' }).click();
    await expect(page).toHaveURL('/admin/user/new');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page
      .getByLabel('Email', { exact: true })
      .fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.test`);
    await page.getByLabel('First Password', { exact: true }).fill('first-password-1');
    await expect(page.getByLabel('Is Contributor', { exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/admin/users');
    await expect(row(page, name)).toBeVisible();
  });

  test('admin home shows the latest 10 of each, with View All and + New', async ({ adminPage: page }) => {
    await page.goto('/admin');
    for (const [section, list, add] of [
      ['Articles', '/admin/articles', '/admin/article/new'],
      ['Profiles', '/admin/profiles', '/admin/profile/new'],
      ['Contributors', '/admin/users', '/admin/user/new'],
    ]) {
      const region = page.getByRole('region', { name: section });
      await expect(region.getByRole('link', { name: /^View all/i })).toHaveAttribute('href', list);
      await expect(region.getByRole('link', { name: /^New/ })).toHaveAttribute('href', add);
      const rows = region.getByRole('row');
      await expect(rows.first()).toBeVisible();
      expect(await rows.count()).toBeLessThanOrEqual(11);
    }
    await expect(page.getByRole('region', { name: 'Articles' }).getByRole('columnheader')).toHaveText([
      'Title',
      'Author',
      'Date',
      'Visible',
      'Actions',
    ]);
    await expect(page.getByRole('region', { name: 'Profiles' }).getByRole('columnheader')).toHaveText([
      'Name',
      'Year',
      'Position',
      'School',
      'Author',
      'Date',
      'Visible',
      'Actions',
    ]);
  });

  test('pages the full list 50 at a time', async ({ adminPage: page }) => {
    // Enough hidden articles for a second page (hidden, so the public pages other specs check stay as they are).
    const total = (await (await page.request.get('/api/articles?isAdmin=true&limit=1')).json())
      .total as number;
    for (let i = total; i < 52; i++) {
      const res = await page.request.post('/api/articles', { data: { title: unique('Pager filler') } });
      expect(res.status()).toBe(201);
    }
    await page.goto('/admin/articles');
    await expect(page.getByRole('row')).toHaveCount(51);
    await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();
    await page.getByRole('link', { name: 'Next →' }).click();
    await expect(page).toHaveURL('/admin/articles?page=2');
    await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
    expect(await page.getByRole('row').count()).toBeGreaterThan(1);
  });
});

test.describe('forms', () => {
  test('Undo changes returns to what was loaded; leaving with changes asks first', async ({
    adminPage: page,
  }) => {
    const res = await page.request.post('/api/articles', { data: { title: unique('Draft to reset') } });
    await page.goto(`/admin/article/${(await res.json()).id}`);
    const title = page.getByLabel('Title', { exact: true });
    const loaded = await title.inputValue();
    await expect(page.getByRole('button', { name: 'Undo changes' })).toBeDisabled();
    await title.fill('Changed title');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Undo changes' }).click();
    await expect(title).toHaveValue(loaded);

    await title.fill('Changed again');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Profiles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(dialog).toBeHidden();
    await expect(title).toHaveValue('Changed again');

    await nav.getByRole('link', { name: 'Profiles' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/admin/profiles');
  });

  test('Back with unsaved changes asks first, and Stay keeps the form and the address', async ({
    adminPage: page,
  }) => {
    await page.goto('/admin');
    await page.getByRole('link', { name: 'New article' }).click();
    await expect(page).toHaveURL('/admin/article/new');
    const title = page.getByLabel('Title', { exact: true });
    await title.fill('Not saved yet');

    await page.goBack();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL('/admin/article/new');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/admin/article/new');
    await expect(title).toHaveValue('Not saved yet');

    await page.goBack();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/admin');
    await page.goForward();
    await expect(page).toHaveURL('/admin/article/new');
    await expect(title).toHaveValue('');
  });

  test('a failed save keeps the form and says why', async ({ adminPage: page }) => {
    await page.goto('/admin/article/new');
    await page.getByLabel('Title', { exact: true }).fill('Will not save');
    await page.getByLabel('Image URL', { exact: true }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Error saving article');
    await expect(alert).toContainText('Use a site path such as /images/x.svg');
    await expect(page).toHaveURL('/admin/article/new');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Will not save');
  });

  test('each limited field counts toward the limit, warns near it, and says when a text is too long', async ({
    adminPage: page,
  }) => {
    await page.goto('/admin/article/new');
    const title = page.getByLabel('Title', { exact: true });
    // What the counter shows (a screen reader hears "87 of 200 characters" instead).
    const count = (field: string) => page.locator(`#${field}-count [aria-hidden="true"]`);
    await expect(count('title')).toHaveText('0 / 200');
    await title.fill('x'.repeat(87));
    await expect(count('title')).toHaveText('87 / 200');
    await expect(title).toHaveAccessibleDescription('87 of 200 characters');
    // Near the limit: a warning with what is left, said once typing pauses.
    await title.fill('x'.repeat(185));
    await expect(count('title')).toHaveText('185 / 200 · 15 left');
    await expect(page.locator('#title-count')).toHaveAttribute('data-state', 'near');
    const live = page.locator('#title-count + [aria-live="polite"]');
    await expect(live).toHaveText('15 characters left');
    // An input stops at the limit.
    await title.fill('x'.repeat(250));
    await expect(title).toHaveValue('x'.repeat(200));
    await expect(count('title')).toHaveText('200 / 200 · limit reached');
    await expect(live).toHaveText('Limit reached: 200 characters');
    // A textarea takes a longer paste, and says how much to cut.
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('d'.repeat(1_005));
    await expect(count('description')).toHaveText('1,005 / 1,000 · 5 too many');
    await expect(description).toHaveAttribute('aria-invalid', 'true');
    await expect(count('body')).toHaveText('0 / 100,000');
    // Tags count toward their number; a long one toward its length.
    const tags = page.getByLabel('Tags', { exact: true });
    await expect(page.getByText('0 / 30 tags')).toBeVisible();
    await tags.fill('Rookies');
    await tags.press('Enter');
    await expect(page.getByText('1 / 30 tags')).toBeVisible();
    await tags.fill('t'.repeat(45));
    await expect(page.getByText('45 / 50 · 5 left')).toBeVisible();

    // The profile and user forms count the same way; a handle's @ is not counted.
    await page.goto('/admin/profile/new');
    await page.getByLabel('Position', { exact: true }).fill('EDGE');
    await expect(count('position')).toHaveText('4 / 10');
    await page.goto('/admin/user/new');
    await page.getByLabel('Twitter Handle', { exact: true }).fill('@dynastyforgehq');
    await expect(count('twitter')).toHaveText('14 / 15 · 1 left');
  });

  test('a missing article or profile offers to create a new one', async ({ adminPage: page }) => {
    for (const kind of ['article', 'profile']) {
      await page.goto(`/admin/${kind}/987654`);
      await expect(page.getByRole('heading', { name: `No such ${kind}` })).toBeVisible();
      await page.getByRole('link', { name: `Create a new ${kind}` }).click();
      await expect(page).toHaveURL(`/admin/${kind}/new`);
      await expect(
        page.getByRole('heading', { name: `New ${kind[0].toUpperCase()}${kind.slice(1)}` }),
      ).toBeVisible();
    }
  });
});

test.describe('contributor', () => {
  test('writes as themselves, cannot publish, and cannot manage users', async ({
    contributorPage: page,
    contributor,
  }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Home' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Contributors' })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'My Account' })).toBeVisible();

    const title = unique('Contributor Column');
    await page.getByRole('link', { name: 'New article' }).click();
    await expect(page.getByLabel('Contributor', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Contributor', { exact: true }).locator('option:checked')).toHaveText(
      contributor.user.name,
    );
    await expect(page.getByLabel('Is Visible', { exact: true })).toHaveCount(0);
    await expect(page.getByText('A super user publishes what you save.')).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/admin/articles');
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
      new RegExp(`^Saved “${title}” at .+\\. A super user publishes it: until then it shows only here\\.$`),
    );
    await shot(page, 'contributor-saved-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'contributor-saved-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(visibleCell(row(page, title))).toHaveText('No');

    // Someone else's article opens read-only.
    const others = (
      (await (await page.request.get('/api/articles?isAdmin=true&limit=100')).json()).items as Article[]
    ).find((a) => a.contributorId !== contributor.user.id);
    await page.goto(`/admin/article/${others!.id}`);
    await expect(page.getByText(/Contributors can only edit their own articles/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(page.getByLabel('Title', { exact: true })).toBeDisabled();

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Super users only' })).toBeVisible();
  });

  test('previews a hidden article at its address, where a reader finds nothing', async ({
    contributorPage: page,
    browser,
    baseURL,
  }) => {
    const title = unique('Draft Column');
    await page.goto('/admin/article/new');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Body', { exact: true }).fill('A draft body for the preview.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/admin/articles');
    await row(page, title)
      .getByRole('link', { name: `Edit ${title}` })
      .click();
    await page.getByRole('link', { name: 'Preview' }).click();
    await expect(page).toHaveURL(/\/article\/draft-column/);
    const address = new URL(page.url()).pathname;
    await expect(page.getByRole('status').filter({ hasText: 'Draft preview.' })).toContainText(
      'hidden from readers until a super user ticks Is Visible',
    );
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('A draft body for the preview.')).toBeVisible();
    await page.getByRole('link', { name: 'Edit it' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);

    const reader = await browser.newPage({ baseURL });
    await reader.goto(address);
    await expect(reader.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
    await expect(reader.getByText(title)).toHaveCount(0);
    await reader.close();
  });

  test('each super-user page says what it guards, and the nav offers neither', async ({
    contributorPage: page,
  }) => {
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'My Account' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'ADP data' })).toHaveCount(0);
    for (const [path, says] of [
      ['/admin/users', 'Only super users can manage users.'],
      ['/admin/adp-data', 'Only super users can manage the Rookie ADP data and its league sources.'],
    ]) {
      await page.goto(path);
      const refusal = page.getByRole('main');
      await expect(refusal.getByRole('heading', { name: 'Super users only' })).toBeVisible();
      await expect(refusal.getByText(/^Only super users can/)).toHaveText(says);
    }
  });

  test('edits their own account without role checkboxes', async ({ contributorPage: page, contributor }) => {
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL(`/admin/user/${contributor.user.id}`);
    await expect(page.getByLabel('Is Contributor', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Is Super User', { exact: true })).toHaveCount(0);
    await page.getByLabel('Twitter Handle', { exact: true }).fill('my_handle');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/admin');
    expect((await (await page.request.get('/api/users/currentUser')).json()).twitter).toBe('my_handle');
  });

  test('is asked for their password before their own e-mail changes', async ({
    contributorPage: page,
    contributor,
  }) => {
    await page.goto(`/admin/user/${contributor.user.id}`);
    await expect(page.getByLabel('Current Password')).toHaveCount(0);
    await page.getByLabel('Email', { exact: true }).fill(`moved.${contributor.email}`);
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Current Password')).toHaveAccessibleDescription(
      /The current password is not right\./,
    );
    await expect(page).toHaveURL(`/admin/user/${contributor.user.id}`);
    expect((await (await page.request.get('/api/users/currentUser')).json()).email).toBe(contributor.email);
  });
});

test.describe('on a phone', () => {
  test('a 200-character title with no spaces wraps on its tile and in search, never off the card', async ({
    browser,
    adminState,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      storageState: adminState,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const word = `Unbroken${Date.now().toString(36)}`;
    const title = `${word}${'W'.repeat(200 - word.length)}`;
    const res = await page.request.post('/api/articles', {
      data: {
        title,
        body: `${'b'.repeat(150)} ends here.`,
        tags: [{ name: 'T'.repeat(50) }],
        isVisible: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as Article;
    /** Cards whose content is wider than the card, and whether the page scrolls sideways. */
    const overflow = (cards: string) =>
      page.evaluate((cards) => {
        const wide = [...document.querySelectorAll(cards)].filter((c) =>
          [c, ...c.querySelectorAll('*')].some(
            (e) => e.getBoundingClientRect().right > c.getBoundingClientRect().right + 1,
          ),
        );
        return { wide: wide.length, page: document.documentElement.scrollWidth };
      }, cards);
    try {
      await page.goto('/');
      const tile = page.locator('article').filter({ has: page.getByRole('link', { name: title }) });
      await expect(tile).toBeVisible();
      expect(await overflow('main article')).toEqual({ wide: 0, page: 390 });
      // The tile's title stops after three lines; its link still names the whole title.
      const heading = tile.getByTestId('tile-title');
      const lines = await heading.evaluate(
        (h) => h.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(h).lineHeight),
      );
      expect(Math.round(lines)).toBeLessThanOrEqual(3);

      await page.goto(`/search?search=${word}`);
      await expect(page.getByTestId('search-result')).toHaveCount(1);
      expect(await overflow('[data-testid="search-result"]')).toEqual({ wide: 0, page: 390 });
    } finally {
      await page.request.delete(`/api/articles/${id}`);
      await context.close();
    }
  });

  test('the admin home, a list and a form fit the screen', async ({ browser, adminState, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      storageState: adminState,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    for (const path of ['/admin', '/admin/profiles', '/admin/article/new', '/admin/user/new']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
