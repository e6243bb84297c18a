import type { Page } from '@playwright/test';
import type { Article, Profile } from '#common/content.ts';
import { addAccount, expect, test } from './admin-support.ts';
import { expectNoAxeViolations, unique } from './support.ts';

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('deleting', () => {
  test('a super user deletes a published article after a confirmation that names it', async ({
    adminPage: page,
  }) => {
    const title = unique('Doomed takes');
    const res = await page.request.post('/api/articles', {
      data: { title, description: 'd', body: 'Quixotic waiver wire', tags: [], isVisible: true },
    });
    expect(res.status()).toBe(201);
    const article = (await res.json()) as Article;
    await page.goto(`/article/${article.shortname}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    await page.goto('/admin/articles');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete article' });
    await expect(dialog).toContainText(`Delete the article “${title}”?`);
    await expectNoAxeViolations(page, 'delete article dialog', '[role="dialog"]');
    // Keeping it changes nothing.
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete article' }).click();

    await expect(page).toHaveURL('/admin/articles');
    await expect(row(page, title)).toHaveCount(0);
    await page.goto(`/article/${article.shortname}`);
    await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();
    await page.goto(`/search?search=${encodeURIComponent(title)}`);
    await expect(page.getByText(`No matching results for "${title}"`)).toBeVisible();
    expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(article.shortname);
  });

  test('a contributor deletes their own profile and has no Delete on another', async ({
    contributorPage: page,
    adminPage,
  }) => {
    const name = unique('Mine Prospect');
    const mine = (await (await page.request.post('/api/profiles', { data: { name } })).json()) as Profile;
    const theirs = (await (
      await adminPage.request.post('/api/profiles', { data: { name: unique('Theirs Prospect') } })
    ).json()) as Profile;

    await page.goto(`/admin/profile/${theirs.id}`);
    await expect(page.getByText('Contributors can only edit their own profiles.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

    await page.goto(`/admin/profile/${mine.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete profile' });
    await expect(dialog).toContainText(`Delete the profile “${name}”?`);
    await dialog.getByRole('button', { name: 'Delete profile' }).click();
    await expect(page).toHaveURL('/admin/profiles');
    await expect(row(page, name)).toHaveCount(0);
  });

  test('a super user deletes a user, handing their articles to another contributor', async ({
    adminPage: page,
  }) => {
    const leaving = await addAccount(page.request, { isContributor: true }, unique('Leaving Writer'));
    const heir = await addAccount(page.request, { isContributor: true }, unique('Heir Writer'));
    const title = unique('Handed over');
    const created = await page.request.post('/api/articles', {
      data: { title, tags: [], contributorId: leaving.user.id },
    });
    expect(created.status()).toBe(201);

    await page.goto(`/admin/user/${leaving.user.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete user' });
    await expect(dialog).toContainText(`Delete the user “${leaving.user.name} (${leaving.email})”?`);
    await dialog.getByLabel('Hand their articles and profiles to').selectOption({ label: heir.user.name });
    await dialog.getByRole('button', { name: 'Delete user' }).click();
    await expect(page).toHaveURL('/admin/users');
    await expect(row(page, leaving.email)).toHaveCount(0);

    await page.goto('/admin/articles');
    await expect(row(page, title)).toContainText(heir.user.name);
  });

  test("a deleted user's content stays under Former contributor when nobody is chosen", async ({
    adminPage: page,
  }) => {
    const leaving = await addAccount(page.request, { isContributor: true }, unique('Gone Writer'));
    const title = unique('Orphaned');
    await page.request.post('/api/articles', { data: { title, tags: [], contributorId: leaving.user.id } });
    await page.goto(`/admin/user/${leaving.user.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete user' }).click();
    await expect(page).toHaveURL('/admin/users');
    await page.goto('/admin/articles');
    await expect(row(page, title)).toContainText('Former contributor');
  });

  test('a super user has no Delete on their own account', async ({ adminPage: page }) => {
    const me = await (await page.request.get('/api/users/currentUser')).json();
    await page.goto(`/admin/user/${me.id}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(me.name);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  });
});
