import { ContentListPage, profileKind } from './content-kinds.tsx';

export function AdminProfileListPage() {
  return <ContentListPage kind={profileKind} />;
}
