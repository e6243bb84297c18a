import { articleKind, ContentListPage } from './content-kinds.tsx';

export function AdminArticleListPage() {
  return <ContentListPage kind={articleKind} />;
}
