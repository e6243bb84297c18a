import { ContentListPage, rankingKind } from './content-kinds.tsx';

export function AdminRankingListPage() {
  return <ContentListPage kind={rankingKind} />;
}
