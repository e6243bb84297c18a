import { useMemo } from 'react';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { useLeaveGuard } from '#client/components/leave-guard.tsx';
import { TagInput } from '#client/components/tag-input.tsx';
import { useNavigate } from '#client/router/router.tsx';
import { ARTICLE_LIMITS, type Article, type ArticleInput } from '#common/content.ts';
import type { User } from '#common/users.ts';
import { useSaveArticle } from './api/admin-content.ts';
import {
  AuthorshipFields,
  ContentFormActions,
  NotYoursNotice,
  PublishNote,
  VisibilityField,
} from './content-form-parts.tsx';
import { articleKind, ContentEditorPage } from './content-kinds.tsx';
import { TextAreaField, TextField } from './form-fields.tsx';
import { noteSaved } from './saved-notice.tsx';
import { useDraft } from './use-draft.ts';

export function AdminEditArticlePage() {
  return (
    <ContentEditorPage kind={articleKind} form={({ me, item }) => <ArticleForm me={me} article={item} />} />
  );
}

interface Draft {
  title: string;
  contributorId: number | null;
  description: string;
  image: string;
  tags: { name: string }[];
  body: string;
  isVisible: boolean;
}

const toDraft = (a: Article): Draft => ({
  title: a.title,
  contributorId: a.contributorId,
  description: a.description,
  image: a.image,
  tags: a.tags.map((t) => ({ name: t.name })),
  body: a.body,
  isVisible: a.isVisible,
});

function ArticleForm({ me, article }: { me: User; article?: Article }) {
  const navigate = useNavigate();
  const save = useSaveArticle();
  const loaded = useMemo<Draft>(
    () =>
      article
        ? toDraft(article)
        : {
            title: '',
            contributorId: me.id,
            description: '',
            image: '',
            tags: [],
            body: '',
            isVisible: false,
          },
    [article, me.id],
  );
  const { draft, set, dirty, reset } = useDraft(loaded);
  const guard = useLeaveGuard(dirty);
  const notMine = Boolean(article && !me.isSuperUser && article.contributorId !== me.id);

  const submit = () => {
    // The id travels in the address only; visibility and author only from super users.
    const { contributorId, isVisible, ...fields } = draft;
    const body: ArticleInput = me.isSuperUser ? { ...fields, contributorId, isVisible } : fields;
    save.mutate(
      { id: article?.id, body },
      {
        onSuccess: (saved) => {
          guard.allowLeaving();
          noteSaved('/admin/articles', {
            name: saved.title,
            at: new Date(),
            visible: saved.isVisible,
            contributor: !me.isSuperUser,
          });
          navigate('/admin/articles');
        },
      },
    );
  };

  return (
    <form
      className="card flex flex-col gap-5 p-4 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {guard.prompt}
      {save.error && <ErrorAlert title="Error saving article" error={save.error} />}
      {notMine && <NotYoursNotice noun="article" owner={article?.contributor?.name} />}
      {!notMine && !me.isSuperUser && <PublishNote visible={article?.isVisible ?? false} />}
      <fieldset disabled={notMine || save.isPending} className="flex flex-col gap-5">
        <TextField
          id="title"
          label="Title"
          value={draft.title}
          onChange={(v) => set('title', v)}
          limit={ARTICLE_LIMITS.title}
        />
        <AuthorshipFields
          me={me}
          value={draft.contributorId}
          saved={article}
          onChange={(v) => set('contributorId', v)}
        />
        <TextAreaField
          id="description"
          label="Description"
          rows={2}
          value={draft.description}
          onChange={(v) => set('description', v)}
          placeholder="A short summary, please keep it under 200 characters"
          hint="Under 200 characters reads best."
          limit={ARTICLE_LIMITS.description}
        />
        <TextField
          id="image"
          label="Image URL"
          value={draft.image}
          onChange={(v) => set('image', v)}
          placeholder="https://… or /images/…"
          limit={ARTICLE_LIMITS.image}
          counterFrom={ARTICLE_LIMITS.image * 0.8}
        />
        <TagInput tags={draft.tags} onChange={(tags) => set('tags', tags)} />
        <TextAreaField
          id="body"
          label="Body"
          rows={16}
          mono
          value={draft.body}
          onChange={(v) => set('body', v)}
          limit={ARTICLE_LIMITS.body}
          hint="Markdown. A line [[video:https://www.youtube.com/watch?v=…]] embeds a YouTube or Vimeo video, a line [[ranking:shortname]] a ranking's first players. An image needs words for what it shows, ![Depth chart](https://…), or it is left out."
        />
        <VisibilityField me={me} checked={draft.isVisible} onChange={(v) => set('isVisible', v)} />
      </fieldset>
      <ContentFormActions
        kind="articles"
        deletable={article && !notMine ? { id: article.id, name: article.title } : undefined}
        view={article ? { href: `/article/${article.shortname}`, visible: article.isVisible } : undefined}
        saving={save.isPending}
        dirty={dirty}
        canSave={!notMine}
        onReset={() => {
          reset();
          save.reset();
        }}
        onDeleted={() => {
          guard.allowLeaving();
          navigate('/admin/articles');
        }}
      />
    </form>
  );
}
