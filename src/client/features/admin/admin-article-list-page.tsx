import { articleKind, ContentListPage } from './content-kinds.tsx';

export function Component() {
  return <ContentListPage kind={articleKind} />;
}
